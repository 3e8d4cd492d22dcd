/**
 * Tracking milestones by SMS (issue 27): the same outbox rows as the tracking mail (migration 0024's
 * trigger on tracking_events) are also queued on `sms.tracking`. The job reads, when it runs, the
 * SMS switch and the verified phone (migration 0031): without both nothing is sent. One short text
 * in the user's language with the tracking link: at most 160 GSM-7 characters in English (one
 * segment), 70 in Chinese (one UCS-2 segment); longer forms give way to shorter ones. The shortest
 * Chinese form leaves the link 53 characters: an APP_URL and tracking number longer than that make a
 * two-part message (still delivered whole by the phone).
 */
import type { AppDeps } from '../../deps';
import type { QueueSpec } from '../../ops/job-queue';
import { SmsError } from '../../providers/sms/index';
import { carrierName } from '../../../shared/carriers';
import type { TLocale } from '../../../shared/contracts/user';
import { userShipment } from '../documents/repo';
import { smsRecipient } from '../phone/repo';
import type { TrackingMilestone } from './templates';

export const SMS_TRACKING_QUEUE = 'sms.tracking';
export const SMS_MAX_GSM = 160;
export const SMS_MAX_UCS2 = 70;

/** GSM 03.38 basic character set (the ones that take one of the 160 places). */
const GSM_BASIC = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/;
export const isGsm = (text: string) => GSM_BASIC.test(text);

export type TrackingSmsModel = {
  milestone: TrackingMilestone;
  orderCode: string;
  carrier: string;
  link: string;
};

/** The text, the longest form that fits one segment of the user's language. */
export function renderTrackingSms(locale: TLocale, m: TrackingSmsModel): string {
  const forms =
    locale === 'zh'
      ? (
          {
            picked_up: [`Voyageur：订单${m.orderCode}已揽收 ${m.link}`, `Voyageur：您的包裹已揽收。${m.link}`],
            out_for_delivery: [`Voyageur：订单${m.orderCode}正在派送 ${m.link}`, `Voyageur：包裹正在派送。${m.link}`],
            delivered: [`Voyageur：订单${m.orderCode}已送达 ${m.link}`, `Voyageur：您的包裹已送达。${m.link}`],
            exception: [`Voyageur：订单${m.orderCode}派送异常 ${m.link}`, `Voyageur：包裹派送异常。${m.link}`],
          } satisfies Record<TrackingMilestone, string[]>
        )[m.milestone]
      : (
          {
            picked_up: [
              `Voyageur: order ${m.orderCode} was picked up by ${m.carrier}. Track it: ${m.link}`,
              `Voyageur: your parcel was picked up. ${m.link}`,
            ],
            out_for_delivery: [
              `Voyageur: order ${m.orderCode} is out for delivery today with ${m.carrier}. Track it: ${m.link}`,
              `Voyageur: your parcel is out for delivery. ${m.link}`,
            ],
            delivered: [
              `Voyageur: order ${m.orderCode} was delivered by ${m.carrier}. Details: ${m.link}`,
              `Voyageur: your parcel was delivered. ${m.link}`,
            ],
            exception: [
              `Voyageur: ${m.carrier} reports a delivery problem with order ${m.orderCode}. See: ${m.link}`,
              `Voyageur: delivery problem with your parcel. ${m.link}`,
            ],
          } satisfies Record<TrackingMilestone, string[]>
        )[m.milestone];
  const fits = (text: string) =>
    locale === 'zh' ? [...text].length <= SMS_MAX_UCS2 : text.length <= SMS_MAX_GSM && isGsm(text);
  return forms.find(fits) ?? forms[forms.length - 1]!;
}

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export function createSmsNotifications(deps: Pick<AppDeps, 'config' | 'database' | 'providers'>, log: Log) {
  const db = deps.database.db;

  /** Sends the SMS of one tracking outbox entry now, if the switch and a verified phone allow it. */
  async function deliverTracking(data: Record<string, unknown>): Promise<void> {
    const userId = String(data.userId);
    const to = await smsRecipient(db, userId);
    if (!to?.on || !to.phone) return; // the switch and the phone as they are now decide
    const shipment = await userShipment(db, userId, String(data.shipmentId));
    if (!shipment) return;
    const link = shipment.trackingNumber
      ? `${deps.config.appUrl}/tracking?n=${encodeURIComponent(shipment.trackingNumber)}`
      : `${deps.config.appUrl}/shipments?shipment=${shipment.id}`;
    const body = renderTrackingSms(to.locale, {
      milestone: String(data.status) as TrackingMilestone,
      orderCode: shipment.orderCode,
      carrier: carrierName(shipment.carrier),
      link,
    });
    try {
      await deps.providers.sms.send({ to: to.phone, body });
    } catch (err) {
      // A number that cannot take texts will not take this one on a retry; anything else is retried.
      if (err instanceof SmsError && err.reason === 'invalid_number') {
        log.error({ err, userId }, 'tracking SMS refused: the number cannot take texts');
        return;
      }
      throw err;
    }
    log.info({ userId, status: data.status }, 'tracking SMS sent');
  }

  const queue = (retryLimit: number, retryDelaySeconds: number): QueueSpec => ({
    name: SMS_TRACKING_QUEUE,
    retryLimit,
    retryDelaySeconds,
    handler: (job) => deliverTracking(job.data),
  });

  return { deliverTracking, queue };
}
