import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRACKING_STEPS } from '../index';
import { addBusinessDays } from './engine';
import { eventsAt, pickupDay, torontoTime, trackingSchedule, type ScheduleInput } from './tracking-schedule';

const TORONTO = { city: 'Toronto', province: 'ON', postalCode: 'M5V 2T6', country: 'CA' };
const VANCOUVER = { city: 'Vancouver', province: 'BC', postalCode: 'V6B 1A1', country: 'CA' };
const MONTREAL = { city: 'Montréal', province: 'QC', postalCode: 'H2X 1Y4', country: 'CA' };

const input = (over: Partial<ScheduleInput> = {}): ScheduleInput => ({
  carrierName: 'UPS',
  // Monday 2 March 2026, 10:00 in Toronto (EST, UTC−5).
  purchasedAt: new Date('2026-03-02T15:00:00Z'),
  shipDate: '2026-03-02',
  estimatedDelivery: '2026-03-04',
  from: TORONTO,
  to: VANCOUVER,
  ...over,
});

const iso = (d: Date) => d.toISOString();

const torontoClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Toronto',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  weekday: 'short',
});
function inToronto(d: Date): { date: string; hm: string; weekday: string } {
  const p = Object.fromEntries(torontoClock.formatToParts(d).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, hm: `${p.hour}:${p.minute}`, weekday: p.weekday! };
}

describe('trackingSchedule', () => {
  it('bought on a business morning: picked up at 17:00 the same day, delivered on the estimated day', () => {
    const events = trackingSchedule(input());
    expect(events.map((e) => [e.status, e.description, e.location, iso(e.occurredAt)])).toEqual([
      ['label_created', 'Shipment information received', 'Toronto, ON', '2026-03-02T15:00:00.000Z'],
      ['picked_up', 'Picked up by UPS', 'Toronto, ON', '2026-03-02T22:00:00.000Z'],
      ['in_transit', 'Arrived at Mississauga sorting facility', 'Mississauga, ON', '2026-03-03T01:00:00.000Z'],
      ['out_for_delivery', 'Out for delivery', 'Vancouver, BC', '2026-03-04T13:00:00.000Z'],
      ['delivered', 'Delivered', 'Vancouver, BC', '2026-03-04T19:00:00.000Z'],
    ]);
  });

  it('the sorting hub is that of the origin district', () => {
    const events = trackingSchedule(input({ from: MONTREAL, to: TORONTO, carrierName: 'Purolator' }));
    expect(events[1]!.description).toBe('Picked up by Purolator');
    expect(events[2]!).toMatchObject({
      description: 'Arrived at Montréal sorting facility',
      location: 'Montréal, QC',
    });
    expect(events[3]!.location).toBe('Toronto, ON');
  });

  it('a destination abroad is written with its country', () => {
    const events = trackingSchedule(
      input({ to: { city: 'Seattle', province: 'WA', postalCode: '98101', country: 'US' }, carrierName: 'DHL' }),
    );
    expect(events.at(-1)!.location).toBe('Seattle, WA, US');
  });

  it('bought at 15:00 or later: picked up the next business day', () => {
    expect(pickupDay(new Date('2026-03-02T19:59:00Z'), '2026-03-02')).toBe('2026-03-02'); // 14:59
    expect(pickupDay(new Date('2026-03-02T20:00:00Z'), '2026-03-02')).toBe('2026-03-03'); // 15:00
    // Friday 16:00 → Monday; Saturday and Sunday → Monday.
    expect(pickupDay(new Date('2026-03-06T21:00:00Z'), '2026-03-06')).toBe('2026-03-09');
    expect(pickupDay(new Date('2026-03-07T15:00:00Z'), '2026-03-07')).toBe('2026-03-09');
    expect(pickupDay(new Date('2026-03-08T15:00:00Z'), '2026-03-08')).toBe('2026-03-09');
    // Late on Sunday evening in Toronto is already Monday in UTC: still Sunday's rule.
    expect(pickupDay(new Date('2026-03-09T02:00:00Z'), '2026-03-08')).toBe('2026-03-09');
  });

  it('never picked up before the ship date', () => {
    expect(pickupDay(new Date('2026-03-02T15:00:00Z'), '2026-03-05')).toBe('2026-03-05');
    // A ship date on a Saturday is handed over on Monday.
    expect(pickupDay(new Date('2026-03-02T15:00:00Z'), '2026-03-07')).toBe('2026-03-09');
  });

  it('when the pickup falls after the estimated day, delivery moves to the next business morning after the hub scan', () => {
    // Bought Friday 6 March at 16:00 with a next-day estimate (Monday): picked up Monday 17:00.
    const events = trackingSchedule(
      input({ purchasedAt: new Date('2026-03-06T21:00:00Z'), shipDate: '2026-03-06', estimatedDelivery: '2026-03-09' }),
    );
    expect(inToronto(events[1]!.occurredAt)).toMatchObject({ date: '2026-03-09', hm: '17:00' });
    expect(inToronto(events[3]!.occurredAt)).toMatchObject({ date: '2026-03-10', hm: '08:00' });
    expect(inToronto(events[4]!.occurredAt)).toMatchObject({ date: '2026-03-10', hm: '14:00' });
  });

  it('keeps Toronto wall-clock hours across the daylight-saving change', () => {
    // DST starts Sunday 8 March 2026: 17:00 is 22:00Z before, 21:00Z after.
    expect(iso(torontoTime('2026-03-06', 17))).toBe('2026-03-06T22:00:00.000Z');
    expect(iso(torontoTime('2026-03-09', 17))).toBe('2026-03-09T21:00:00.000Z');
    expect(iso(torontoTime('2026-11-02', 8))).toBe('2026-11-02T13:00:00.000Z');
    expect(iso(torontoTime('2026-10-30', 8))).toBe('2026-10-30T12:00:00.000Z');
  });

  it('is deterministic', () => {
    expect(trackingSchedule(input())).toEqual(trackingSchedule(input()));
  });

  it('holds for any purchase time, ship date and transit', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (purchasedAt, daysAhead, transitDays) => {
          const d = new Date(purchasedAt.getTime() + daysAhead * 86_400_000);
          const shipDate = inToronto(d).date;
          const estimatedDelivery = addBusinessDays(shipDate, transitDays);
          const events = trackingSchedule(input({ purchasedAt, shipDate, estimatedDelivery }));

          expect(events.map((e) => e.status)).toEqual([...TRACKING_STEPS]);
          expect(events[0]!.occurredAt.getTime()).toBe(purchasedAt.getTime());
          for (let i = 1; i < events.length; i++) {
            expect(events[i]!.occurredAt.getTime()).toBeGreaterThan(events[i - 1]!.occurredAt.getTime());
          }
          expect(events[3]!.occurredAt.getTime() - events[2]!.occurredAt.getTime()).toBeGreaterThanOrEqual(3600_000);

          const pickup = inToronto(events[1]!.occurredAt);
          const out = inToronto(events[3]!.occurredAt);
          const delivered = inToronto(events[4]!.occurredAt);
          expect(pickup.hm).toBe('17:00');
          expect(out.hm).toBe('08:00');
          expect(delivered).toMatchObject({ date: out.date, hm: '14:00' });
          for (const day of [pickup, out]) expect(['Sat', 'Sun']).not.toContain(day.weekday);
          expect(pickup.date >= shipDate).toBe(true);
          expect(out.date >= estimatedDelivery).toBe(true);
          // Late only when the pickup itself came after the ship date allowed for.
          if (out.date > estimatedDelivery) expect(pickup.date >= estimatedDelivery).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('eventsAt', () => {
  it('answers the events that have happened by then, oldest first', () => {
    const schedule = trackingSchedule(input());
    const at = (s: string) => eventsAt(schedule, new Date(s)).map((e) => e.status);
    expect(at('2026-03-02T14:59:59Z')).toEqual([]);
    expect(at('2026-03-02T15:00:00Z')).toEqual(['label_created']);
    expect(at('2026-03-02T21:59:59Z')).toEqual(['label_created']);
    expect(at('2026-03-02T22:00:00Z')).toEqual(['label_created', 'picked_up']);
    expect(at('2026-03-03T12:00:00Z')).toEqual(['label_created', 'picked_up', 'in_transit']);
    expect(at('2026-03-04T13:00:00Z')).toEqual(['label_created', 'picked_up', 'in_transit', 'out_for_delivery']);
    expect(at('2027-01-01T00:00:00Z')).toEqual([...TRACKING_STEPS]);
  });
});
