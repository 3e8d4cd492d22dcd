import { describe, expect, it } from 'vitest';
import { isGsm, renderTrackingSms, SMS_MAX_GSM, SMS_MAX_UCS2 } from './sms';
import type { TrackingMilestone } from './templates';

const MILESTONES: TrackingMilestone[] = ['picked_up', 'out_for_delivery', 'delivered', 'exception'];
// An operator's host and a UPS-length tracking number (18 characters).
const link = 'https://voyageur.ca/tracking?n=1Z999AA10123456784';
const model = (milestone: TrackingMilestone) => ({ milestone, orderCode: 'VY-7K2M9Q', carrier: 'Canada Post', link });

describe('tracking SMS', () => {
  it.each(MILESTONES)('%s in English: one GSM-7 segment with the order, carrier and link', (milestone) => {
    const text = renderTrackingSms('en', model(milestone));
    expect(text.length).toBeLessThanOrEqual(SMS_MAX_GSM);
    expect(isGsm(text)).toBe(true);
    expect(text).toContain('VY-7K2M9Q');
    expect(text).toContain('Canada Post');
    expect(text.endsWith(link)).toBe(true);
  });

  it.each(MILESTONES)('%s in Chinese: at most 70 characters with the link', (milestone) => {
    const text = renderTrackingSms('zh', model(milestone));
    expect([...text].length).toBeLessThanOrEqual(SMS_MAX_UCS2);
    expect(text).toMatch(/[\u4e00-\u9fff]/);
    expect(text.endsWith(link)).toBe(true);
  });

  it('says what happened in each language', () => {
    expect(renderTrackingSms('en', model('delivered'))).toContain('was delivered');
    expect(renderTrackingSms('en', model('exception'))).toContain('delivery problem');
    expect(renderTrackingSms('zh', model('delivered'))).toContain('已送达');
    expect(renderTrackingSms('zh', model('out_for_delivery'))).toContain('正在派送');
  });

  it('gives way to the short form when a long link leaves no room', () => {
    const long = `https://a-very-long-hostname-for-an-operator.example.com/tracking?n=${'9'.repeat(30)}`;
    const en = renderTrackingSms('en', { ...model('out_for_delivery'), link: long });
    expect(en).toBe(`Voyageur: your parcel is out for delivery. ${long}`);
    expect(en.length).toBeLessThanOrEqual(SMS_MAX_GSM);
  });
});
