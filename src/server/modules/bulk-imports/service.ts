/**
 * Bulk imports (issue 29, decision 028): a file read on the worker pool, its rows kept with their
 * checks, quoted with the batch defaults, and bought row by row by a background job through the
 * SAME orders saga as a single order (orders/service.ts placeOrder). Each row's order carries the
 * Idempotency-Key 'bulk:<batch>:<row>', so a job resumed after a crash replays a row already
 * bought instead of buying it again; a row the carrier refuses is refunded by the saga; once the
 * wallet cannot pay a row, that row and every later one are refused INSUFFICIENT_BALANCE.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import type { BulkImportItemRow, BulkImportRow, StoredBulkQuote } from '../../db/schema/bulk-imports';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { runInBackground } from '../../lib/background';
import { defuseCsvCell } from '../../../shared/csv-cell';
import { ErrorCode } from '../../../shared/errors';
import { centsToDecimal } from '../../../shared/money';
import { carrierName } from '../../../shared/carriers';
import {
  BULK_FIELDS,
  numberOf,
  orderAddressInputOf,
  validateBulkRow,
  type TBulkImportDetail,
  type TBulkImportRow,
  type TBulkImportSummary,
  type TBulkQuoteRequest,
  type TBulkRowData,
  type TBulkRowStatus,
  type TCreateBulkImport,
  type TPatchBulkRow,
} from '../../../shared/contracts/bulk-imports';
import { ZOrderAddress, type TCreateShipmentRequest, type TOrderAddress } from '../../../shared/contracts/shipments';
import type { TQuoteRequest, TRateOption } from '../../../shared/contracts/rates';
import { walletBalance } from '../wallet/read-repo';
import { findParcel as findSavedParcel } from '../parcels/repo';
import { createRatesService, NoRatesError } from '../rates/service';
import { OrderFailedError, OrderStoppedError, type OrderContext, type OrdersService } from '../orders/service';
import { labelPdfBase64, labelZpl } from '../orders/label-service';
import Papa from 'papaparse';
import { MORE_LINES } from './parse';
import * as repo from './repo';

type Log = { warn(o: object, m: string): void; error(o: object, m: string): void; info?(o: object, m: string): void };

/** A 'purchasing' batch whose job gave no sign of life for this long is taken over (resume-bulk-imports). */
export const BULK_STALE_MS = 2 * 60_000;
/** What a quoted row not bought yet becomes when its batch is cancelled. */
const CANCELLED_ROW = {
  status: 'cancelled',
  errorCode: 'CANCELLED',
  errorMessage: 'The batch was cancelled before this row was bought',
} as const;
/** Rows quoted at once. */
const QUOTE_CONCURRENCY = 4;

const headerSetKey = (headers: string[]) =>
  createHash('sha256')
    .update(JSON.stringify(headers.map((h) => h.trim().toLowerCase())))
    .digest('hex');

const splitName = (name: string): [string, string] => {
  const parts = name.trim().split(/\s+/);
  return parts.length < 2 ? [parts[0] ?? '', ''] : [parts.slice(0, -1).join(' '), parts[parts.length - 1]!];
};

type ChargeTurn = NonNullable<OrderContext['chargeTurn']>;
type RowOutcome = 'bought' | 'failed' | 'short' | 'stopped';

/** Rows of a batch bought side by side (decision 028): enough to overlap the carrier's and the database's waits. */
const BUY_LANES = 8;

/** Runs `work` over the items, `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

function pickOption(options: TRateOption[], rule: TBulkQuoteRequest['rule']): TRateOption | null {
  if (options.length === 0) return null;
  if (rule === 'cheapest') return options[0]!; // the quote answers cheapest first
  if (rule === 'fastest') {
    return [...options].sort((a, b) => a.transitDays - b.transitDays || Number(a.total) - Number(b.total))[0]!;
  }
  return options.find((o) => o.carrier === rule.carrier && o.serviceCode === rule.serviceCode) ?? null;
}

const toCents = (money: string) => Math.round(Number(money) * 100);

/**
 * The row's values written back into the file's own columns, so results.csv shows what was shipped
 * (a postal code fixed in place, say). A name column split into first and last name gets both back;
 * a Shopify or eBay order's description (its line items joined) stays on the file's own line.
 */
function shippedValues(
  batch: { format: string; mapping: Record<string, string> },
  data: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  const grouped = batch.format === 'shopify' || batch.format === 'ebay';
  for (const [field, header] of Object.entries(batch.mapping)) {
    if (!header || !(field in data)) continue;
    if (field === 'description' && grouped) continue;
    if (field === 'firstName' && !batch.mapping.lastName) {
      out[header] = [data.firstName, data.lastName].filter(Boolean).join(' ');
      continue;
    }
    out[header] = data[field] ?? '';
  }
  return out;
}

export function createBulkImportService(deps: AppDeps, orders: OrdersService, log: Log) {
  const db: Db = deps.database.db;
  const clock = deps.clock;
  const rates = createRatesService({
    db,
    clock,
    carriers: deps.providers.carriers,
    timeoutMs: deps.config.carrierTimeoutMs,
    log,
  });
  const running = new Set<string>();

  async function batchOf(userId: string, id: string): Promise<BulkImportRow> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound('Import not found');
    const row = await repo.findBatch(db, userId, id);
    if (!row) throw notFound('Import not found');
    return row;
  }

  /** Whether a purchase job beat for this batch lately (a cancelled batch's rows in flight still settle). */
  function jobAlive(batch: Pick<BulkImportRow, 'heartbeatAt'>): boolean {
    return batch.heartbeatAt !== null && clock.now().getTime() - batch.heartbeatAt.getTime() < BULK_STALE_MS;
  }

  /**
   * A row's status as shown and counted. Once buying began, a row that will not be bought says so: in a
   * cancelled batch, a row never quoted or not yet bought is cancelled (one still being bought when the
   * cancel came stays pending until its outcome is written, unless the job that bought it died).
   */
  function rowStatus(r: BulkImportItemRow, batch: Pick<BulkImportRow, 'status' | 'heartbeatAt'>): TBulkRowStatus {
    // A row dropped before an earlier version of cancel also marked it cancelled: it is dropped.
    if (r.dropped && r.status !== 'bought') return 'dropped';
    if (r.status !== 'pending') return r.status;
    if (r.errors.length > 0) return 'invalid';
    if (r.quote) return batch.status === 'cancelled' && !jobAlive(batch) ? 'cancelled' : 'quoted';
    if (r.errorCode) return 'unquoted';
    return batch.status === 'cancelled' ? 'cancelled' : 'ready';
  }

  async function detail(batch: BulkImportRow, withItems = true): Promise<TBulkImportDetail> {
    const items = await repo.batchRows(db, batch.id);
    const ids = items.map((r) => r.shipmentId).filter((x): x is string => x !== null);
    const bought = new Map<string, repo.BoughtShipment>();
    for (const s of await repo.boughtShipments(db, batch.userId, ids)) bought.set(s.id, s);
    const wire: TBulkImportRow[] = [];
    const errors: TBulkImportDetail['errors'] = [];
    const counts = {
      rows: items.length,
      valid: 0,
      invalid: 0,
      dropped: 0,
      quoted: 0,
      bought: 0,
      failed: 0,
      pending: 0,
      cancelled: 0,
    };
    let totalCents = 0;
    let spentCents = 0;
    // Once buying began every row is in one of invalid, dropped, bought, failed (not bought: refused, or
    // never quoted), pending and cancelled, so they add up to the rows.
    const buying = batch.status === 'purchasing' || batch.status === 'completed' || batch.status === 'cancelled';
    for (const r of items) {
      const status = rowStatus(r, batch);
      if (r.dropped) counts.dropped++;
      else if (r.errors.length > 0) counts.invalid++;
      else counts.valid++;
      if (!r.dropped) for (const e of r.errors) errors.push({ row: r.n, ...e });
      const s = r.shipmentId ? bought.get(r.shipmentId) : undefined;
      if (status === 'bought') {
        counts.bought++;
        spentCents += s ? s.totalCents - s.refundedCents : 0;
      } else if (status === 'failed' || status === 'refused') counts.failed++;
      else if (status === 'cancelled') counts.cancelled++;
      else if (buying && (status === 'unquoted' || status === 'ready')) counts.failed++;
      if (status === 'quoted') {
        counts.quoted++;
        counts.pending++;
      }
      if (r.quote && (status === 'quoted' || status === 'bought')) totalCents += r.quote.totalCents;
      if (withItems) {
        wire.push({
          n: r.n,
          data: r.data,
          status,
          errors: r.errors,
          quote: r.quote
            ? {
                carrier: r.quote.carrier,
                carrierName: carrierName(r.quote.carrier),
                serviceCode: r.quote.serviceCode,
                serviceName: r.quote.serviceName,
                total: centsToDecimal(r.quote.totalCents),
                transitDays: r.quote.transitDays,
              }
            : null,
          shipmentId: r.shipmentId,
          orderCode: s?.orderCode ?? null,
          trackingNumber: s?.trackingNumber ?? null,
          errorCode: r.errorCode,
          errorMessage: r.errorMessage,
        });
      }
    }
    const balance = (await walletBalance(db, batch.userId)) ?? 0;
    const owing = batch.status === 'draft' || batch.status === 'quoted' ? Math.max(0, totalCents - balance) : 0;
    return {
      id: batch.id,
      filename: batch.filename,
      format: batch.format as TBulkImportDetail['format'],
      status: batch.status,
      createdAt: batch.createdAt.toISOString(),
      counts,
      total: centsToDecimal(totalCents),
      spent: centsToDecimal(spentCents),
      rows: items.length,
      valid: counts.valid,
      errors,
      headers: batch.headers,
      mapping: batch.mapping,
      items: wire,
      balance: centsToDecimal(balance),
      shortBy: centsToDecimal(owing),
      defaults: (batch.defaults as TBulkQuoteRequest | null) ?? null,
    };
  }

  async function senderOf(userId: string, addressId: string | undefined): Promise<TOrderAddress> {
    const row = await repo.senderAddress(db, userId, addressId);
    if (!row) {
      throw addressId
        ? notFound('Address not found')
        : badRequest('senderAddressId', 'Choose a sender address, or mark one as default in your address book');
    }
    const [firstName, lastName] = splitName(row.name);
    const parsed = ZOrderAddress.safeParse({
      firstName,
      lastName: lastName || firstName,
      company: row.company,
      address: [row.address1, row.address2].filter(Boolean).join(', '),
      city: row.city,
      province: row.province,
      postalCode: row.postalCode,
      country: row.country,
      phone: row.phone,
      email: row.email,
    });
    if (!parsed.success) {
      throw badRequest('senderAddressId', `The sender address cannot ship: ${parsed.error.issues[0]!.message}`);
    }
    return parsed.data;
  }

  const quoteEnd = (a: TOrderAddress): TQuoteRequest['fromAddress'] => ({
    name: `${a.firstName} ${a.lastName}`.trim(),
    company: a.company,
    streetAddress: a.address,
    city: a.city,
    province: a.province,
    postalCode: a.postalCode,
    country: a.country,
    phoneNumber: a.phone,
    emailAddress: a.email,
  });

  /** The row's parcel: its own weight and sizes, the batch's parcel for those it leaves blank; null when one is missing. */
  function parcelOf(d: TBulkRowData, defaults: TBulkQuoteRequest['parcel']): StoredBulkQuote['parcel'] | null {
    const pick = (f: 'weight' | 'length' | 'width' | 'height') => numberOf(d[f]) ?? defaults?.[f] ?? null;
    const weight = pick('weight');
    const length = pick('length');
    const width = pick('width');
    const height = pick('height');
    if (weight === null || length === null || width === null || height === null) return null;
    return { weight, length, width, height, type: defaults?.type ?? 'package' };
  }

  async function quoteRow(
    userId: string,
    sender: TOrderAddress,
    r: BulkImportItemRow,
    defaults: TBulkQuoteRequest,
  ): Promise<{ quote: StoredBulkQuote | null; errorCode: string | null; errorMessage: string | null }> {
    const parcel = parcelOf(r.data as TBulkRowData, defaults.parcel);
    if (!parcel) {
      return {
        quote: null,
        errorCode: 'NO_PARCEL',
        errorMessage: 'Give this row a weight and size, or choose a parcel for the batch',
      };
    }
    const to = ZOrderAddress.parse(orderAddressInputOf(r.data as TBulkRowData));
    try {
      const { rates: options } = await rates.quote(userId, {
        fromAddress: quoteEnd(sender) as TQuoteRequest['fromAddress'],
        toAddress: quoteEnd(to) as TQuoteRequest['toAddress'],
        packageDetails: { ...parcel, insuranceValue: null, description: (r.data.description ?? '').slice(0, 500) },
      });
      const option = pickOption(options, defaults.rule);
      if (!option) {
        const rule = defaults.rule;
        return {
          quote: null,
          errorCode: 'NO_RATE',
          errorMessage:
            typeof rule === 'object'
              ? `${carrierName(rule.carrier)} does not offer ${rule.serviceCode} for this shipment`
              : 'No carrier offers a rate for this shipment',
        };
      }
      return {
        quote: {
          optionId: option.id,
          carrier: option.carrier,
          serviceCode: option.serviceCode,
          serviceName: option.serviceName,
          totalCents: toCents(option.total),
          transitDays: option.transitDays,
          parcel,
        },
        errorCode: null,
        errorMessage: null,
      };
    } catch (err) {
      if (err instanceof NoRatesError) {
        return { quote: null, errorCode: 'NO_RATE', errorMessage: 'No carrier offers a rate for this shipment' };
      }
      if (err instanceof AppError && err.statusCode === 400) {
        return { quote: null, errorCode: 'NO_RATE', errorMessage: err.message };
      }
      throw err;
    }
  }

  function orderBodyOf(sender: TOrderAddress, r: BulkImportItemRow, q: StoredBulkQuote): TCreateShipmentRequest {
    const to = ZOrderAddress.parse(orderAddressInputOf(r.data as TBulkRowData));
    return {
      fromAddress: sender,
      toAddress: to,
      carrier: q.carrier,
      service: q.serviceName,
      serviceCode: q.serviceCode,
      packageDetails: {
        ...q.parcel,
        insuranceValue: null,
        description: (r.data.reference ? `${r.data.reference} ${r.data.description ?? ''}` : (r.data.description ?? ''))
          .trim()
          .slice(0, 500),
      },
      rateDetails: { id: q.optionId },
      totalCost: q.totalCents,
    };
  }

  async function setRow(importId: string, n: number, values: Partial<BulkImportItemRow>): Promise<void> {
    await repo.setRow(db, importId, n, values);
  }

  /** Buys one row through the orders saga; a quote that expired or changed price is asked again first. */
  async function buyRow(
    batch: BulkImportRow,
    user: { id: string; organizationId: string | null },
    r: BulkImportItemRow,
    chargeTurn: ChargeTurn,
  ): Promise<RowOutcome> {
    const sender = batch.sender as TOrderAddress;
    const defaults = batch.defaults as TBulkQuoteRequest;
    const ctx = {
      userId: user.id,
      organizationId: user.organizationId,
      idempotencyKey: `bulk:${batch.id}:${r.n}`,
      ipAddress: null,
      chargeTurn,
    };
    try {
      return await buyRowOnce(batch, user, r, ctx, sender, defaults);
    } finally {
      // A row that never reached its debit (a replay, a failed quote) lets the next one go.
      chargeTurn.after('failed');
    }
  }

  async function buyRowOnce(
    batch: BulkImportRow,
    user: { id: string; organizationId: string | null },
    r: BulkImportItemRow,
    ctx: OrderContext,
    sender: TOrderAddress,
    defaults: TBulkQuoteRequest,
  ): Promise<RowOutcome> {
    let quote = r.quote!;
    for (let attempt = 0; ; attempt++) {
      try {
        const created = await orders.placeOrder(ctx, orderBodyOf(sender, r, quote));
        await setRow(batch.id, r.n, { status: 'bought', shipmentId: created.id, errorCode: null, errorMessage: null });
        return 'bought';
      } catch (err) {
        if (err instanceof OrderStoppedError) return 'stopped';
        if (!(err instanceof AppError)) throw err;
        if (err.code === ErrorCode.PRICE_CHANGED && attempt === 0) {
          // The quote expired (15 minutes) or its price moved: quote this row again with the same rule,
          // keep the new quote first (a resumed job then sends the same order), and buy at that price.
          const again = await quoteRow(user.id, sender, r, defaults);
          if (!again.quote) {
            await setRow(batch.id, r.n, {
              status: 'failed',
              errorCode: again.errorCode,
              errorMessage: again.errorMessage,
            });
            return 'failed';
          }
          quote = again.quote;
          await setRow(batch.id, r.n, { quote });
          continue;
        }
        if (err.code === ErrorCode.INSUFFICIENT_BALANCE) return 'short';
        const shipmentId =
          err instanceof OrderFailedError ? ((err.extra as { shipmentId?: string })?.shipmentId ?? null) : null;
        await setRow(batch.id, r.n, {
          status: 'failed',
          shipmentId,
          errorCode: err.code ?? 'API_FAILURE',
          errorMessage: err.message,
        });
        return 'failed';
      }
    }
  }

  /**
   * Buys the next rows side by side (each an order of its own, with its own idempotency key), so the
   * carrier's and the database's waits overlap, but charges them in row order: each row's debit waits
   * for the one before it. A row the wallet cannot pay stops every later one before its debit, so
   * every refused row still comes after every bought one; the batch's status is read before each
   * debit, so a cancel (from any instance) or a shutdown stops the rows not yet charged.
   */
  async function buyRows(
    batch: BulkImportRow,
    user: { id: string; organizationId: string | null },
    rows: BulkImportItemRow[],
  ): Promise<'bought' | 'short' | 'cancelled' | 'stopping'> {
    let stop: 'short' | 'cancelled' | 'stopping' | null = null;
    let previous: Promise<void> = Promise.resolve();
    const outcomes = await Promise.all(
      rows.map((r) => {
        const waitFor = previous;
        let settle!: () => void;
        previous = new Promise<void>((resolve) => (settle = resolve));
        let settled = false;
        const turn: ChargeTurn = {
          async before() {
            await waitFor;
            if (stop) return false;
            if (deps.lifecycle?.draining) stop = 'stopping';
            else if ((await repo.batchStatus(db, batch.id)) !== 'purchasing') stop = 'cancelled';
            return stop === null;
          },
          after(outcome) {
            if (settled) return;
            settled = true;
            if (outcome === 'short') stop ??= 'short';
            settle();
          },
        };
        return buyRow(batch, user, r, turn);
      }),
    );
    if (stop) return stop;
    return outcomes.includes('short') ? 'short' : 'bought';
  }

  /** The buying job of one batch: a few rows at a time until none is left, the batch is cancelled, or the wallet is short. */
  async function runBatch(id: string): Promise<void> {
    if (running.has(id)) return;
    running.add(id);
    try {
      const batch = await repo.batchById(db, id);
      if (!batch || batch.status !== 'purchasing') return;
      const user = await repo.batchOwner(db, batch.userId);
      if (!user) return;
      for (;;) {
        // Stopping: the rest stays 'purchasing' for resume-bulk-imports after the restart.
        if (deps.lifecycle?.draining) return;
        const now = await repo.beat(db, id, clock.now());
        const next = await repo.nextRowsToBuy(db, id, BUY_LANES);
        if (next.length === 0) break;
        const outcome = now?.status !== 'purchasing' ? 'cancelled' : await buyRows(batch, user, next);
        if (outcome === 'stopping') return;
        if (outcome === 'cancelled') {
          // Cancelled between rows: what is not bought yet stays unbought.
          await repo.endPendingQuotedRows(db, id, CANCELLED_ROW);
          return;
        }
        if (outcome === 'short') {
          await repo.endPendingQuotedRows(db, id, {
            status: 'refused',
            errorCode: ErrorCode.INSUFFICIENT_BALANCE,
            errorMessage: 'Insufficient wallet balance: add funds and import these rows again',
          });
          break;
        }
      }
      await repo.completeBatch(db, id, clock.now());
    } finally {
      running.delete(id);
    }
  }

  function startBatch(id: string): void {
    const work = () => runBatch(id);
    runInBackground(log, 'bulk import purchase', () =>
      deps.lifecycle ? deps.lifecycle.track('bulk-import', work) : work(),
    );
  }

  return {
    templateCsv: async () => (await import('./parse')).templateCsv(),

    async create(userId: string, body: TCreateBulkImport): Promise<TBulkImportDetail> {
      const input = body.csvBase64 !== undefined ? { base64: body.csvBase64 } : { text: body.csv ?? '' };
      const run = (mapping?: Record<string, string>) =>
        deps.providers.workers.runTask('parseBulkCsv', { ...input, mapping }, { timeLimitMs: 30_000, account: userId });
      let parsed = await run(body.mapping as Record<string, string> | undefined);
      if (!parsed.ok) throw badRequest(parsed.field, parsed.message);
      if (parsed.format === 'mapped') {
        const key = headerSetKey(parsed.headers);
        if (body.mapping) {
          await repo.saveMapping(db, userId, key, parsed.mapping as Record<string, string>, clock.now());
        } else {
          const kept = await repo.keptMapping(db, userId, key);
          if (kept) {
            const again = await run(kept.mapping);
            if (again.ok) parsed = again;
          }
        }
      }
      const id = randomUUID();
      const now = clock.now();
      await db.transaction(async (tx) => {
        await repo.insertBatch(tx, {
          id,
          userId,
          filename: body.filename,
          format: parsed.format,
          headers: parsed.headers,
          mapping: parsed.mapping as Record<string, string>,
          status: 'draft',
          createdAt: now,
          updatedAt: now,
        });
        for (let i = 0; i < parsed.rows.length; i += 500) {
          await repo.insertRows(
            tx,
            parsed.rows.slice(i, i + 500).map((r) => ({
              importId: id,
              n: r.n,
              data: r.data,
              source: r.source,
              errors: parsed.needsMapping
                ? [{ field: 'mapping', message: 'Choose which column holds each field' }]
                : r.errors,
            })),
          );
        }
      });
      return detail(await batchOf(userId, id));
    },

    async get(userId: string, id: string, withItems = true): Promise<TBulkImportDetail> {
      return detail(await batchOf(userId, id), withItems);
    },

    async list(userId: string): Promise<TBulkImportSummary[]> {
      const batches = await repo.listBatches(db, userId);
      const out: TBulkImportSummary[] = [];
      for (const b of batches) {
        const d = await detail(b, false);
        const {
          rows: _r,
          valid: _v,
          errors: _e,
          headers: _h,
          mapping: _m,
          items: _i,
          balance: _b,
          shortBy: _s,
          defaults: _d,
          ...summary
        } = d;
        out.push(summary);
      }
      return out;
    },

    async patchRow(userId: string, id: string, n: number, patch: TPatchBulkRow): Promise<TBulkImportRow> {
      const batch = await batchOf(userId, id);
      if (batch.status !== 'draft' && batch.status !== 'quoted') {
        throw new AppError(
          409,
          'This batch is being bought or is done: its rows can no longer change',
          ErrorCode.CONFLICT,
        );
      }
      const row = await repo.findRow(db, id, n);
      if (!row) throw notFound('Row not found');
      const data = { ...(row.data as TBulkRowData) };
      for (const [k, v] of Object.entries(patch.data ?? {}))
        if (BULK_FIELDS.includes(k as never)) data[k as keyof TBulkRowData] = v ?? '';
      const errors = validateBulkRow(data);
      // A changed row must be quoted again (its quote was for the old address or parcel).
      const changed = patch.data !== undefined;
      await setRow(id, n, {
        data,
        errors,
        dropped: patch.dropped ?? row.dropped,
        ...(changed ? { quote: null, errorCode: null, errorMessage: null } : {}),
      });
      await repo.touchBatch(db, id, clock.now());
      const d = await detail(batch);
      return d.items.find((i) => i.n === n)!;
    },

    async quote(userId: string, id: string, body: TBulkQuoteRequest): Promise<TBulkImportDetail> {
      const batch = await batchOf(userId, id);
      if (batch.status !== 'draft' && batch.status !== 'quoted') {
        throw new AppError(409, 'This batch is being bought or is done', ErrorCode.CONFLICT);
      }
      const sender = await senderOf(userId, body.senderAddressId);
      if (body.parcelId !== undefined) {
        // A saved parcel stands for the batch parcel (decision 038); the defaults keep both.
        if (body.parcel) throw badRequest('parcelId', 'Give either a parcel or a saved parcel, not both');
        const saved = await findSavedParcel(db, userId, body.parcelId);
        if (!saved) throw notFound('Saved parcel not found');
        body = {
          ...body,
          parcel: {
            weight: saved.weightKg,
            length: saved.lengthCm,
            width: saved.widthCm,
            height: saved.heightCm,
            type: saved.type,
          },
        };
      }
      const rows = await repo.rowsToQuote(db, id);
      // Checked again with today's rules (a row stored before a rule existed, e.g. one leaving Canada, is caught here).
      const valid: typeof rows = [];
      for (const r of rows) {
        if (r.errors.length > 0) continue;
        const errors = validateBulkRow(r.data as TBulkRowData);
        if (errors.length > 0) await setRow(id, r.n, { errors, quote: null });
        else valid.push(r);
      }
      if (valid.length === 0) throw badRequest('rows', 'No row is ready to quote: fix or drop the rows with errors');
      await eachLimited(valid, QUOTE_CONCURRENCY, async (r) => {
        const q = await quoteRow(userId, sender, r, body);
        await setRow(id, r.n, q);
      });
      await repo.markQuoted(db, id, { defaults: body, sender, now: clock.now() });
      return detail(await batchOf(userId, id));
    },

    async purchase(userId: string, id: string, key: string): Promise<TBulkImportDetail> {
      const batch = await batchOf(userId, id);
      if (batch.purchaseKey !== null) {
        if (batch.purchaseKey !== key) {
          throw new AppError(409, 'This batch is already being bought', ErrorCode.CONFLICT, {
            'idempotency-key': ['This batch was bought with another Idempotency-Key'],
          });
        }
        return detail(batch, false);
      }
      if (batch.status !== 'quoted') {
        throw new AppError(409, 'Quote the batch before buying it', ErrorCode.CONFLICT);
      }
      const claimed = await repo.claimPurchase(db, id, key, clock.now());
      if (!claimed) return this.purchase(userId, id, key);
      startBatch(id);
      return detail(await batchOf(userId, id), false);
    },

    async cancel(userId: string, id: string): Promise<TBulkImportDetail> {
      const batch = await batchOf(userId, id);
      if (batch.status === 'completed') {
        throw new AppError(409, 'This batch is done: void single labels from Shipments', ErrorCode.CONFLICT);
      }
      await repo.cancelBatch(db, id, clock.now());
      if (batch.status !== 'purchasing') await repo.endPendingQuotedRows(db, id, CANCELLED_ROW);
      return detail(await batchOf(userId, id));
    },

    /** Every label bought, in row order: one PDF (4×6 pages), or one ZPL file (a ^XA…^XZ label each). */
    async labels(userId: string, id: string, format: 'pdf' | 'zpl'): Promise<Uint8Array | string> {
      await batchOf(userId, id);
      const bought = await repo.printableShipments(db, userId, id);
      if (bought.length === 0) throw new AppError(404, 'No label of this batch can be printed', ErrorCode.NOT_FOUND);
      if (format === 'zpl') {
        const labels: string[] = [];
        for (const s of bought) labels.push(await labelZpl(deps, s));
        return labels.join('');
      }
      const pdfs: Uint8Array[] = new Array<Uint8Array>(bought.length);
      await eachLimited(
        bought.map((_, i) => i),
        2,
        async (i) => {
          const b64 = await labelPdfBase64(deps, bought[i]!);
          pdfs[i] = new Uint8Array(Buffer.from(b64, 'base64'));
        },
      );
      return deps.providers.workers.runTask('mergePdfs', { pdfs }, { timeLimitMs: 60_000, account: userId });
    },

    /** The file's columns (as shipped: a row fixed in place shows its fixed values) and each row's outcome. */
    async resultsCsv(userId: string, id: string): Promise<string> {
      const batch = await batchOf(userId, id);
      const rows = await repo.rowsWithShipments(db, userId, id);
      const extra = ['tracking_number', 'order_code', 'carrier', 'service', 'cost', 'taxes', 'status', 'error'];
      const headers = [...batch.headers, ...extra.filter((e) => !batch.headers.includes(e))];
      const data = rows.flatMap(({ r, s }) => {
        const status = rowStatus(r, batch);
        const error =
          r.errors.length > 0 ? r.errors.map((e) => `${e.field}: ${e.message}`).join('; ') : (r.errorMessage ?? '');
        const out: Record<string, string> = { ...r.source, ...shippedValues(batch, r.data) };
        const outcome: Record<string, string> = {
          tracking_number: s?.trackingNumber ?? '',
          order_code: s?.orderCode ?? '',
          carrier: s ? carrierName(s.carrier) : r.quote ? carrierName(r.quote.carrier) : '',
          service: s?.serviceName ?? r.quote?.serviceName ?? '',
          cost: s ? centsToDecimal(s.totalCents - s.taxTotalCents) : '',
          taxes: s ? centsToDecimal(s.taxTotalCents) : '',
          status,
          error,
        };
        Object.assign(out, outcome);
        // An order's further line items (Shopify, eBay): each input line again, with the order's outcome.
        const more = r.source[MORE_LINES] ? (JSON.parse(r.source[MORE_LINES]) as Record<string, string>[]) : [];
        return [out, ...more.map((line) => ({ ...line, ...outcome }))].map((o) =>
          headers.map((f) => defuseCsvCell(o[f] ?? '')),
        );
      });
      // Every cell (the file's own header names too) defused: a cell a spreadsheet would run as a formula starts with '.
      return '\ufeff' + Papa.unparse({ fields: headers.map(defuseCsvCell), data }) + '\r\n';
    },

    /** Takes over 'purchasing' batches whose job died (a crash, a restart): the resume-bulk-imports job. */
    async resumeStale(): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - BULK_STALE_MS);
      const stale = await repo.claimStale(db, cutoff, clock.now());
      for (const b of stale) startBatch(b.id);
      return stale.length;
    },

    /** The buying job of one batch, awaited (tests, and the resume job's runs). */
    runBatch,
  };
}

export type BulkImportService = ReturnType<typeof createBulkImportService>;
