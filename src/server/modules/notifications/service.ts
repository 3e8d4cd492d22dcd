/**
 * Notification mails on the job queue (issue 27, decision 026).
 *
 * The database writes a notification_outbox row in the transaction of the change a mail tells of
 * (migration 0024's triggers). The outbox pump moves committed rows into pg-boss — one queue per
 * kind, the job's id being the row's id, so two instances moving the same row queue it once — and
 * deletes them. A mail job reads the user's switches when it runs (a switch turned off after the
 * order still stops the mail), renders in the user's language, attaches the document's PDF (drawn on
 * the worker pool) and sends through the mail provider; a failing mail server throws, and pg-boss
 * retries with backoff long after the order was answered.
 */
import type { AppDeps } from '../../deps';
import type { JobQueue, Pump, QueueJob, QueueSpec } from '../../ops/job-queue';
import type { MailMessage } from '../../providers/mail/index';
import { carrierName } from '../../../shared/carriers';
import {
  documentById,
  orderDocumentWithShipment,
  transactionDocument,
  userShipment,
  type TaxDocumentRow,
} from '../documents/repo';
import { dutiesCentsOf, orderDocumentModel, topupDocumentModel } from '../documents/compose';
import type { DocumentModel } from '../../documents/render-document';
import type { ShipmentRow } from '../../db/schema/orders';
import { isMailKind, MAIL_KINDS, QUEUE_OF, type MailKind } from './kinds';
import { renderNotification, type MailModel, type TrackingMilestone } from './templates';
import { unsubscribeKey, unsubscribeToken } from './token';
import { deleteOutboxRows, outboxBatch, recipient, recipientColumn, type Recipient } from './repo';
import { createSmsNotifications, SMS_TRACKING_QUEUE } from './sms';
import { createRecipientMail } from './recipient';
import { isRecipientKind, RECIPIENT_QUEUE } from './recipient-templates';

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * Tries after the first, and the first retry's delay: pg-boss doubles it each time with jitter (30–60 s,
 * 1–2 min, … about 4–8 h for the tenth), so a mail server down for hours still gets the mail.
 */
export const MAIL_RETRY_LIMIT = 10;
export const MAIL_RETRY_DELAY_SECONDS = 30;
const PUMP_BATCH = 100;
/**
 * Batches one tick (a second) moves at most: 2,000 mails a second. One row at a time (two statements
 * each) moved 100 a second, fewer than a shop's orders at full speed, and its burst every second sat in
 * the orders' tail (decision 057).
 */
const PUMP_BATCHES_PER_TICK = 20;

const place = (p: ShipmentRow['toAddress']) =>
  [p.city, p.country === 'CA' ? p.province : p.country].filter(Boolean).join(', ');

export type Notifications = {
  queues: QueueSpec[];
  pumps: Pump[];
  /** Sends the mail of one outbox entry now (what a mail job does). */
  deliver(kind: MailKind, data: Record<string, unknown>): Promise<void>;
  unsubscribeKey(): Promise<string>;
};

export function createNotifications(deps: Pick<AppDeps, 'config' | 'database' | 'providers'>, log: Log): Notifications {
  const db = deps.database.db;
  const appUrl = deps.config.appUrl;
  const business = deps.config.business;
  const shipmentUrl = (id: string) => `${appUrl}/shipments?shipment=${id}`;
  let key: Promise<string> | undefined;
  const signingKey = () =>
    (key ??= unsubscribeKey(db).catch((err: unknown) => {
      key = undefined;
      throw err;
    }));

  const pdf = async (model: DocumentModel, userId: string, filename: string) => ({
    filename,
    contentType: 'application/pdf',
    content: Buffer.from(await deps.providers.workers.runTask('renderDocument', model, { account: userId })),
  });

  /**
   * The mail's recipient, model and attachments; null when the switches (as they are now) stop it or
   * what it tells of is gone (nothing to send). A receipt's or credit note's recipient is read in the
   * document's own statement (decision 059); the other kinds read it first.
   */
  async function compose(
    kind: MailKind,
    userId: string,
    data: Record<string, unknown>,
  ): Promise<{ to: Recipient; model: MailModel; attachments: MailMessage['attachments'] } | null> {
    if (kind === 'receipt' || kind === 'credit_note') {
      const found = await orderDocumentWithShipment(db, userId, String(data.documentId), recipientColumn(userId, kind));
      if (!found?.also?.on) return null;
      const composed = await composeOrderDocument(kind, userId, found);
      return { to: found.also, ...composed };
    }
    const to = await recipient(db, userId, kind);
    if (!to?.on) return null;
    const composed = await composeOther(kind, userId, data);
    return composed && { to, ...composed };
  }

  /** A receipt's or credit note's mail, from its document, shipment and the receipt it reverses. */
  async function composeOrderDocument(
    kind: 'receipt' | 'credit_note',
    userId: string,
    { doc, shipment, receipt }: { doc: TaxDocumentRow; shipment: ShipmentRow; receipt: TaxDocumentRow | null },
  ): Promise<{ model: MailModel; attachments: MailMessage['attachments'] }> {
    // DDP duties (issue 25) are paid (and refunded) with the label but are not on the tax
    // document: the mail's total is what the wallet paid, as the PDF's "Total (CAD)".
    const dutiesCents = dutiesCentsOf(shipment);
    const file = await pdf(
      orderDocumentModel(business, doc, shipment, receipt),
      userId,
      `${kind === 'receipt' ? 'receipt' : 'credit-note'}-${doc.number}.pdf`,
    );
    const model: MailModel =
      kind === 'receipt'
        ? {
            kind,
            number: doc.number,
            orderCode: shipment.orderCode,
            carrier: carrierName(shipment.carrier),
            service: shipment.serviceName,
            destination: place(shipment.toAddress),
            totalCents: doc.totalCents + dutiesCents,
            taxCents: doc.gstCents + doc.hstCents + doc.qstCents,
            dutiesCents,
            issuedAt: doc.issuedAt,
            shipmentUrl: shipmentUrl(shipment.id),
          }
        : {
            kind,
            number: doc.number,
            receiptNumber: receipt?.number ?? '',
            orderCode: shipment.orderCode,
            totalCents: doc.totalCents + dutiesCents,
            dutiesCents,
            issuedAt: doc.issuedAt,
            shipmentUrl: shipmentUrl(shipment.id),
          };
    return { model, attachments: [file] };
  }

  /** The other kinds' mails; null when what it tells of is gone. */
  async function composeOther(
    kind: Exclude<MailKind, 'receipt' | 'credit_note'>,
    userId: string,
    data: Record<string, unknown>,
  ): Promise<{ model: MailModel; attachments: MailMessage['attachments'] } | null> {
    switch (kind) {
      case 'topup_receipt': {
        const doc = await documentById(db, String(data.documentId));
        if (!doc || doc.userId !== userId || !doc.transactionId) return null;
        const found = await transactionDocument(db, userId, doc.transactionId);
        if (!found) return null;
        const file = await pdf(topupDocumentModel(business, doc, found.type), userId, `receipt-${doc.number}.pdf`);
        return {
          model: {
            kind,
            number: doc.number,
            amountCents: doc.totalCents,
            issuedAt: doc.issuedAt,
            walletUrl: `${appUrl}/wallet`,
          },
          attachments: [file],
        };
      }
      case 'low_balance':
        return {
          model: {
            kind,
            balanceCents: Number(data.balanceCents),
            thresholdCents: Number(data.thresholdCents),
            walletUrl: `${appUrl}/wallet`,
          },
          attachments: undefined,
        };
      case 'tracking': {
        const shipment = await userShipment(db, userId, String(data.shipmentId));
        if (!shipment) return null;
        return {
          model: {
            kind,
            milestone: String(data.status) as TrackingMilestone,
            orderCode: shipment.orderCode,
            carrier: carrierName(shipment.carrier),
            trackingNumber: shipment.trackingNumber ?? '',
            destination: place(shipment.toAddress),
            shipmentUrl: shipmentUrl(shipment.id),
          },
          attachments: undefined,
        };
      }
    }
  }

  async function deliver(kind: MailKind, data: Record<string, unknown>): Promise<void> {
    const userId = String(data.userId);
    const composed = await compose(kind, userId, data);
    if (!composed) return;
    const { to } = composed;
    const token = unsubscribeToken(await signingKey(), userId, kind);
    const unsubscribeUrl = `${appUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
    const rendered = renderNotification(to.locale, composed.model, {
      unsubscribeUrl,
      settingsUrl: `${appUrl}/settings?tab=notifications`,
    });
    await deps.providers.mail.send({
      to: to.email,
      ...rendered,
      headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      ...(composed.attachments ? { attachments: composed.attachments } : {}),
    });
    log.info({ kind, userId }, 'notification mail sent');
  }

  const sms = createSmsNotifications(deps, log);

  const outboxPump: Pump = {
    name: 'notification-outbox',
    async run(queue: JobQueue) {
      // A batch at a time, each queued in one statement and deleted in one, until the outbox is empty
      // or the tick has moved its share (the next tick, a second later, goes on).
      let moved = 0;
      for (let batch = 0; batch < PUMP_BATCHES_PER_TICK; batch++) {
        const rows = await outboxBatch(db, PUMP_BATCH);
        const jobs: Parameters<JobQueue['sendMany']>[0] = [];
        for (const row of rows) {
          if (isMailKind(row.kind)) {
            // Queued under the row's id: a second instance moving the same row queues nothing more.
            jobs.push({
              queue: QUEUE_OF[row.kind],
              id: row.id,
              data: { ...row.data, kind: row.kind, userId: row.userId },
            });
          } else if (isRecipientKind(row.kind)) {
            // The receiver's mails (migration 0032), one queue for both kinds.
            jobs.push({
              queue: RECIPIENT_QUEUE,
              id: row.id,
              data: { ...row.data, kind: row.kind, userId: row.userId },
            });
          }
          if (row.kind === 'tracking') {
            // The same milestone by SMS (issue 27); its job checks the SMS switch and the verified phone.
            jobs.push({ queue: SMS_TRACKING_QUEUE, id: row.id, data: { ...row.data, userId: row.userId } });
          }
        }
        await queue.sendMany(jobs);
        await deleteOutboxRows(
          db,
          rows.map((r) => r.id),
        );
        moved += rows.length;
        if (rows.length < PUMP_BATCH) break;
      }
      return moved;
    },
  };

  const recipientMail = createRecipientMail(deps, signingKey, log);

  return {
    queues: [
      ...MAIL_KINDS.map((kind) => ({
        name: QUEUE_OF[kind],
        retryLimit: MAIL_RETRY_LIMIT,
        retryDelaySeconds: MAIL_RETRY_DELAY_SECONDS,
        handler: (job: QueueJob) => deliver(kind, job.data),
      })),
      {
        name: RECIPIENT_QUEUE,
        retryLimit: MAIL_RETRY_LIMIT,
        retryDelaySeconds: MAIL_RETRY_DELAY_SECONDS,
        handler: (job: QueueJob) => {
          const kind = job.data.kind;
          return isRecipientKind(kind) ? recipientMail.deliver(kind, job.data) : Promise.resolve();
        },
      },
      sms.queue(MAIL_RETRY_LIMIT, MAIL_RETRY_DELAY_SECONDS),
    ],
    pumps: [outboxPump],
    deliver,
    unsubscribeKey: signingKey,
  };
}
