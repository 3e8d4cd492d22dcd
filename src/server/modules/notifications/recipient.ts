/**
 * Mail to a shipment's recipient (issue 27, decision 026's "What remains", migration 0032).
 *
 * A shipment ordered with `notifyRecipient` gets an outbox row from migration 0032's trigger in the
 * transaction of its 'label_created' event (the label purchase: "shipped") and of its 'delivered'
 * event; the outbox pump queues it on `mail.recipient`, and this job sends it to the receiver's
 * email in the language chosen on the shipment — unless that address unsubscribed (the suppression
 * list, by the SHA-256 of the lower-cased address) or the switch is off by the time it runs.
 *
 * Links in the mail, signed with the unsubscribe key (app_secrets) so they cannot be made for
 * another parcel or address:
 *   public tracking page   APP_URL/api/track/{shipmentId}.{sig}?lang=en|zh
 *   unsubscribe            APP_URL/api/notifications/recipient-unsubscribe?token={hash}.{lang}.{sig}
 * with `List-Unsubscribe` and `List-Unsubscribe-Post` headers as on the shipper's mails (RFC 8058).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../deps';
import { carrierName } from '../../../shared/carriers';
import type { TRecipientLanguage } from '../../../shared/contracts/addresses';
import type { ShipmentRow } from '../../db/schema/orders';
import { isSuppressed, shipmentById } from './recipient-repo';
import { renderRecipientMail, type RecipientKind } from './recipient-templates';

type Log = { info(obj: object, msg: string): void };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HASH = /^[0-9a-f]{64}$/;

/** The key of the suppression list: the SHA-256 (hex) of the trimmed, lower-cased address. */
export const emailHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

const sign = (key: string, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url').slice(0, 32);

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export const recipientUnsubscribeToken = (key: string, hash: string, lang: TRecipientLanguage) =>
  `${hash}.${lang}.${sign(key, `recipient-unsubscribe:${hash}:${lang}`)}`;

export function readRecipientUnsubscribeToken(
  key: string,
  token: string,
): { hash: string; lang: TRecipientLanguage } | null {
  const [hash, lang, sig, ...rest] = token.split('.');
  if (rest.length > 0 || !hash || !HASH.test(hash) || (lang !== 'en' && lang !== 'zh') || !sig) return null;
  return same(sig, sign(key, `recipient-unsubscribe:${hash}:${lang}`)) ? { hash, lang } : null;
}

export const trackingPageToken = (key: string, shipmentId: string) =>
  `${shipmentId}.${sign(key, `track:${shipmentId}`)}`;

export function readTrackingPageToken(key: string, token: string): string | null {
  const [id, sig, ...rest] = token.split('.');
  if (rest.length > 0 || !id || !UUID.test(id) || !sig) return null;
  return same(sig, sign(key, `track:${id}`)) ? id : null;
}

const place = (p: ShipmentRow['toAddress']) =>
  [p.city, p.country === 'CA' ? p.province : p.country].filter(Boolean).join(', ');

/** The sender as the label shows it: the company, else the person. */
export const senderName = (p: ShipmentRow['fromAddress']) => p.company.trim() || `${p.firstName} ${p.lastName}`.trim();

export function createRecipientMail(
  deps: Pick<AppDeps, 'config' | 'database' | 'providers'>,
  signingKey: () => Promise<string>,
  log: Log,
) {
  const db = deps.database.db;
  const appUrl = deps.config.appUrl;

  async function deliver(kind: RecipientKind, data: Record<string, unknown>): Promise<void> {
    const shipment = await shipmentById(db, String(data.shipmentId));
    // The switch as it is now, and nothing for a test order or a parcel without a tracking number.
    if (!shipment || !shipment.notifyRecipient || shipment.test || !shipment.trackingNumber) return;
    const email = shipment.toAddress.email.trim();
    if (!email) return;
    const hash = emailHash(email);
    if (await isSuppressed(db, hash)) return;
    const lang = shipment.recipientLanguage;
    const key = await signingKey();
    const unsubscribeUrl = `${appUrl}/api/notifications/recipient-unsubscribe?token=${recipientUnsubscribeToken(key, hash, lang)}`;
    const rendered = renderRecipientMail(
      lang,
      {
        kind,
        senderName: senderName(shipment.fromAddress),
        carrier: carrierName(shipment.carrier),
        trackingNumber: shipment.trackingNumber,
        destination: place(shipment.toAddress),
        trackingUrl: `${appUrl}/api/track/${trackingPageToken(key, shipment.id)}?lang=${lang}`,
      },
      { unsubscribeUrl },
    );
    await deps.providers.mail.send({
      to: email,
      ...rendered,
      headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    log.info({ kind, shipmentId: shipment.id }, 'recipient mail sent');
  }

  return { deliver };
}
