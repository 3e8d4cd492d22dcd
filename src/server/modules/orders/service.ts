/**
 * Placing an order: the saga of DESIGN §4, which loses no money whatever fails or whenever the
 * process dies.
 *
 *   1. One transaction: the shipment row ('purchasing') and the wallet debit ('shipping_charge' of
 *      the STORED option's total, never the client's). A balance that cannot cover it → 402, nothing
 *      written.
 *   2. Buy the label from the carrier, our shipment id as the carrier-side reference.
 *   3. One transaction: tracking number, status 'label_created' — only if the row is still
 *      'purchasing' (the recovery job may have settled it meanwhile). A carrier refusal instead
 *      marks it 'failed' and credits one 'refund' of the whole charge in the same transaction.
 *
 * A process that dies between 1 and 3 leaves a 'purchasing' row: `recoverStuckOrders` (a job, every
 * minute and at start-up) asks the carrier by reference and completes it or refunds it. Every
 * transition is a conditional UPDATE on the status, so the request, the job and other processes can
 * race without settling an order twice; refunds also carry the idempotency key `refund:<shipment>`.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { ShipmentRow, StoredParty } from '../../db/schema/orders';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, notFound } from '../../lib/errors';
import {
  CarrierError,
  type Carrier,
  type CarrierOperations,
  type LabelParty,
  type Purchase,
} from '../../providers/carriers/index';
import { timedCarrierCall } from '../carriers/calls';
import { ErrorCode } from '../../../shared/errors';
import { centsToDecimal, formatCad } from '../../../shared/money';
import { taxesToWire } from '../../../shared/taxes';
import { carrierName } from '../../../shared/carriers';
import { carrierAndService } from '../../../shared/contracts/wallet';
import { receiverKey } from '../../../shared/receiver-key';
import type { TCreateShipmentRequest, TCreatedShipment, TOrderAddress } from '../../../shared/contracts/shipments';
import type { TQuoteRequest } from '../../../shared/contracts/rates';
import type { RateQuoteOptionRow } from '../../db/schema/rates';
import { isUniqueViolation } from '../auth/repo';
import * as ratesRepo from '../rates/repo';
import {
  declaredValueCents,
  priceFor,
  pricingInForce,
  taxLaneOf,
  type PriceParts,
  type RatesService,
} from '../rates/service';
import { applyEntry } from '../wallet/ledger';
import { chargeOrder, customsColumnsOf, refundDuties, sameCustoms } from './duties-entries';
import { customsDeclarationOf } from '../../providers/carriers/customs';
import { assertWalletNotHeld } from '../wallet/hold';
import { enqueueWebhookEvent } from '../webhooks/repo';
import { shipmentEventData } from '../webhooks/events';
import * as repo from './repo';
import { getLabelFormat } from '../parcels/repo';
import { numberReceipts } from '../documents/repo';
import { runInBackground } from '../../lib/background';

/** A 'purchasing' row older than this is not in flight any more (a purchase times out long before): the recovery job settles it. */
export const STUCK_AFTER_MS = 3 * 60_000;
/** How long a repeated request waits for the first one (same Idempotency-Key) to finish. */
const IDEMPOTENT_WAIT_MS = 15_000;

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * What the orders service uses (decision 031), not all of AppDeps: the database handle, the clock,
 * the carriers it may buy from (a test API key's service gets the sandboxes only), the rates service
 * that re-quotes an order without an option, and a log.
 */
export type OrdersDeps = Pick<AppDeps, 'clock'> & {
  db: Db;
  carriers: readonly Carrier[];
  rates: RatesService;
  log: Log;
  /** How long a carrier may take to sell a label before the order answers ORDER_TIMEOUT (config). */
  purchaseTimeoutMs: number;
  /** Shutdown waits for tracked work (an order between debit and label). */
  track?: <T>(what: string, work: () => Promise<T>) => Promise<T>;
};

export type OrderContext = {
  userId: string;
  organizationId: string | null;
  idempotencyKey: string | null;
  ipAddress: string | null;
  /**
   * Bought with a test API key (decision 027): the sandbox carriers only, no money moved (no debit,
   * no refund), the shipment marked test.
   */
  test?: boolean;
  /**
   * A bulk import's turn at the wallet (decision 028): asked right before the debit — false stops
   * this order with nothing written or charged (OrderStoppedError) — and told how the debit went.
   * Rows bought side by side are charged in row order this way.
   */
  chargeTurn?: {
    before(): Promise<boolean>;
    after(outcome: 'charged' | 'short' | 'failed'): void;
  };
};

/** A bulk import's turn said no (an earlier row was short, or the batch was cancelled or is stopping). */
export class OrderStoppedError extends Error {
  constructor() {
    super('The order was stopped before its charge');
    this.name = 'OrderStoppedError';
  }
}

/**
 * Why an order failed after the debit (stored as shipments.failure_code). VALIDATION_ERROR: the
 * carrier refused an address or the service (its words in the message, which names the address or
 * the service, as spec §8 chooses 'Address Information Issue' or 'Shipping Service Issue' by them).
 */
type FailureCode = 'API_FAILURE' | 'ORDER_TIMEOUT' | 'ORDER_CREATION_FAILED' | 'VALIDATION_ERROR';

/** An order error as the spec's catalogue expects it: code, message and what to tell the customer. */
export class OrderFailedError extends AppError {
  constructor(
    status: number,
    message: string,
    code: FailureCode,
    customerServiceMessage: string,
    extra: { orderCode?: string; shipmentId?: string; refunded?: string } = {},
  ) {
    super(status, message, code, undefined, undefined, { customerServiceMessage, ...extra });
  }
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Our order code: 'VY-' and 8 Crockford base-32 characters (no I, L, O, U: easy to read aloud). */
export function newOrderCode(): string {
  const bytes = randomBytes(8);
  let out = '';
  for (const b of bytes) out += CROCKFORD[b & 31];
  return `VY-${out}`;
}

function partyOf(a: TOrderAddress): StoredParty {
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    company: a.company,
    address1: a.address,
    address2: '',
    city: a.city,
    province: a.province,
    postalCode: a.postalCode,
    country: a.country,
    phone: a.phone,
    email: a.email,
  };
}

export function labelPartyOf(p: StoredParty): LabelParty {
  return {
    name: `${p.firstName} ${p.lastName}`.trim(),
    company: p.company,
    address1: p.address1,
    address2: p.address2,
    city: p.city,
    province: p.province,
    postalCode: p.postalCode,
    country: p.country,
    phone: p.phone,
    email: p.email,
  };
}

/** Lower-cased text the shipments search matches (trigram index). */
export function searchTextOf(s: { trackingNumber: string | null; orderCode: string; to: StoredParty }): string {
  const postal = s.to.postalCode;
  return [
    s.trackingNumber ?? '',
    s.orderCode,
    `${s.to.firstName} ${s.to.lastName}`,
    s.to.company,
    s.to.city,
    postal,
    postal.replace(/\s+/g, ''),
  ]
    .join(' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What identifies an order for its Idempotency-Key: the parsed addresses, service, parcel, chosen
 * option and amounts in a fixed order — not the body's key order nor display fields a client may
 * add to `rateDetails` or `taxes` when it sends the same order again.
 */
function requestHash(body: TCreateShipmentRequest): string {
  const a = (x: TOrderAddress) => [
    x.firstName,
    x.lastName,
    x.company,
    x.address,
    x.city,
    x.province,
    x.postalCode,
    x.country,
    x.phone,
    x.email,
  ];
  const p = body.packageDetails;
  const taxes = typeof body.taxes === 'number' ? body.taxes : (body.taxes?.total ?? null);
  const canonical = [
    a(body.fromAddress),
    a(body.toAddress),
    body.carrier,
    body.service,
    body.serviceCode,
    [p.weight, p.length, p.width, p.height, p.type, p.insuranceValue ?? 0, p.description],
    body.rateDetails?.id ?? null,
    body.totalCost,
    taxes,
    body.insurance ?? null,
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

const money = (cents: number) => formatCad(cents, 'en');

/** What the order call answers for a shipment row (the first answer, replayed for the same key). */
function answerOf(row: ShipmentRow): TCreatedShipment {
  if (row.status === 'failed' || row.status === 'purchasing' || !row.trackingNumber) {
    throw failureOf(row);
  }
  return {
    id: row.id,
    trackingNumber: row.trackingNumber,
    orderCode: row.orderCode,
    status: 'label_created',
    totalCost: centsToDecimal(row.totalCents + row.dutiesCents),
  };
}

function failureOf(row: ShipmentRow): AppError {
  if (row.status === 'purchasing') {
    return new OrderFailedError(
      502,
      'The carrier has not confirmed this label yet',
      'API_FAILURE',
      `Order ${row.orderCode} is still being confirmed with ${carrierName(row.carrier)}. It will be completed, or ${money(row.totalCents + row.dutiesCents)} refunded to your wallet, within a few minutes. No need to order again.`,
      { orderCode: row.orderCode, shipmentId: row.id },
    );
  }
  const code = (row.failureCode ?? 'API_FAILURE') as FailureCode;
  const status = code === 'ORDER_TIMEOUT' ? 504 : code === 'VALIDATION_ERROR' ? 422 : 502;
  return new OrderFailedError(
    status,
    row.failureMessage ?? 'The carrier could not create this shipment',
    code,
    `${carrierName(row.carrier)} could not create order ${row.orderCode}${row.failureMessage ? ` (${row.failureMessage})` : ''}. The full ${money(row.totalCents + row.dutiesCents)} was refunded to your wallet. Try again, pick another service, or contact support with this order code.`,
    { orderCode: row.orderCode, shipmentId: row.id, refunded: centsToDecimal(row.refundedCents) },
  );
}

/**
 * A carrier's refusal as the order's failure: an address or the service it refused is a
 * VALIDATION_ERROR whose message names the address or the service (spec §8), with the carrier's words.
 */
function refusalOf(name: string, err: CarrierError): { code: FailureCode; message: string } {
  if (err.reason === 'ADDRESS_INVALID') {
    const whose =
      err.field === 'toAddress' ? "the receiver's " : err.field === 'fromAddress' ? "the sender's " : 'the ';
    return { code: 'VALIDATION_ERROR', message: `${name} refused ${whose}address (${err.message})` };
  }
  if (err.reason === 'CUSTOMS_INVALID') {
    return { code: 'VALIDATION_ERROR', message: `${name} refused the customs declaration (${err.message})` };
  }
  if (err.reason === 'SERVICE_UNAVAILABLE') {
    return {
      code: 'VALIDATION_ERROR',
      message: `${name} does not offer this service for this shipment (${err.message})`,
    };
  }
  const code =
    err.reason === 'TIMEOUT' ? 'ORDER_TIMEOUT' : err.reason === 'REFUSED' ? 'ORDER_CREATION_FAILED' : 'API_FAILURE';
  return { code, message: err.message };
}

export function createOrdersService(deps: OrdersDeps) {
  const { db, clock, log } = deps;
  const track = deps.track ?? ((_what, work) => work());

  const carrierFor = (code: string) => deps.carriers.find((c) => c.code === code) ?? null;

  /**
   * The stored option this order charges, checked against the order (same carrier, service, lanes,
   * parcel and declared value), and its price now: the carrier's cost it was quoted with, priced
   * again with the discounts and price rules in force (a quote must not outlive the price it was
   * made with). The client's total must be that price; otherwise 409 PRICE_CHANGED carries it.
   */
  async function resolveOption(
    userId: string,
    body: TCreateShipmentRequest,
    checkHold: boolean,
  ): Promise<{ option: RateQuoteOptionRow; shipDate: string; price: PriceParts }> {
    const now = clock.now();
    const optionId = body.rateDetails?.id;
    let found: Awaited<ReturnType<typeof ratesRepo.findQuoteOptionWithQuote>>;
    if (optionId) {
      // The option and whether the wallet is on hold in one statement (decision 039); the hold's
      // 403 comes first, as when it was read on its own (its details are read only then).
      found = await ratesRepo.findQuoteOptionWithQuote(db, userId, optionId);
      if (checkHold && (!found || found.walletHeld)) await assertWalletNotHeld(db, userId);
      if (!found)
        throw new AppError(404, 'Rate not found', ErrorCode.NOT_FOUND, { 'rateDetails.id': ['Rate not found'] });
    } else {
      if (checkHold) await assertWalletNotHeld(db, userId);
      // No option id: quote this shipment again and take that carrier's service.
      const quoted = await deps.rates.quote(userId, quoteBodyOf(body));
      const match = quoted.rates.find((r) => r.carrier === body.carrier && r.serviceCode === body.serviceCode);
      if (!match) {
        throw badRequest(
          'serviceCode',
          `${carrierName(body.carrier)} does not offer ${body.serviceCode} for this shipment`,
        );
      }
      found = await ratesRepo.findQuoteOptionWithQuote(db, userId, match.id);
      if (!found) throw new Error('quoted option vanished');
    }
    const option = found.option;
    if (option.carrier !== body.carrier || option.serviceCode !== body.serviceCode) {
      throw badRequest('serviceCode', 'The carrier and service do not match the chosen rate');
    }
    if (option.expiresAt.getTime() <= now.getTime()) {
      throw new AppError(
        409,
        'This rate has expired. Get rates again to see the current price.',
        ErrorCode.PRICE_CHANGED,
      );
    }
    const asked = (found.request as { body?: TQuoteRequest } | undefined)?.body;
    if (!asked || !sameShipment(asked, body) || !sameCustoms(asked, body)) {
      throw new AppError(
        409,
        'The shipment differs from the one quoted (addresses, parcel or declared value). Get rates again.',
        ErrorCode.PRICE_CHANGED,
      );
    }
    const price = priceFor(option, await pricingInForce(db, userId, now), taxLaneOf(asked), now);
    const clientTotal = body.totalCost;
    const clientTaxes = typeof body.taxes === 'number' ? body.taxes : body.taxes?.total;
    // Leaving Canada: the total the client saw includes the duties paid at origin (decision 029).
    const duties = option.dutiesCents;
    const matches =
      clientTotal === price.totalCents + duties ||
      (clientTotal === price.discountedCents + duties && clientTaxes === price.taxes.totalCents);
    if (!matches) {
      // Nothing is written or charged: the client shows the price now and may order again at it.
      // The totals are the ones the quote showed: duties paid at origin included.
      const quotedCents = option.totalCents + duties;
      const nowCents = price.totalCents + duties;
      const withWhat = duties > 0 ? 'with taxes and duties' : 'with taxes';
      throw new AppError(
        409,
        nowCents === quotedCents
          ? `The price changed: this rate costs ${money(nowCents)} ${withWhat}. Review it and order again.`
          : `The price changed: this rate was quoted at ${money(quotedCents)} and now costs ${money(nowCents)} ${withWhat} (the discounts or price rules in force changed). Review it and order again.`,
        ErrorCode.PRICE_CHANGED,
        undefined,
        undefined,
        {
          priceChange: {
            rateId: option.id,
            quotedTotal: centsToDecimal(quotedCents),
            price: centsToDecimal(price.discountedCents),
            ...(price.listedCents !== price.discountedCents
              ? { originalPrice: centsToDecimal(price.listedCents) }
              : {}),
            taxes: taxesToWire(price.taxes),
            total: centsToDecimal(nowCents),
          },
        },
      );
    }
    return { option, shipDate: found.shipDate, price };
  }

  const findByKey = (userId: string, key: string) => repo.shipmentByKey(db, userId, key);
  const findRow = (id: string) => repo.shipmentById(db, id);

  /** The first answer for this key: waits (a little) while the first request is still buying the label. */
  async function replay(userId: string, key: string, hash: string): Promise<TCreatedShipment> {
    const deadline = Date.now() + IDEMPOTENT_WAIT_MS;
    for (let delay = 25; ; delay = Math.min(delay * 2, 500)) {
      const row = await findByKey(userId, key);
      if (!row)
        throw new AppError(
          409,
          'The first request with this Idempotency-Key did not complete; send it again',
          ErrorCode.CONFLICT,
        );
      if (row.requestHash !== hash) {
        throw new AppError(409, 'This Idempotency-Key was already used for a different order', ErrorCode.CONFLICT, {
          'idempotency-key': ['Already used for a different order'],
        });
      }
      if (row.status !== 'purchasing' || Date.now() > deadline) return answerOf(row);
      await new Promise((r) => setTimeout(r, delay));
    }
  }

  /**
   * Numbers the receipts waiting for one, after the answer and one numbering at a time on this
   * instance (decision 062): asked for while one runs, it runs once more after it, for every receipt
   * committed meanwhile. A failure is logged; the receipts are then numbered when first read.
   */
  let numbering = false;
  let numberAgain = false;
  function numberReceiptsSoon(): void {
    if (numbering) {
      numberAgain = true;
      return;
    }
    numbering = true;
    runInBackground(log, 'numbering receipts', async () => {
      try {
        do {
          numberAgain = false;
          await numberReceipts(db);
        } while (numberAgain);
      } finally {
        numbering = false;
      }
    });
  }

  /**
   * Step 3, success: only a row still 'purchasing' becomes 'label_created' (one statement, with its
   * first event, and a real carrier's label and ref, decision 023).
   */
  async function completeOrder(row: ShipmentRow, bought: Purchase): Promise<ShipmentRow | null> {
    const { trackingNumber, createdAt: purchasedAt } = bought;
    const carrierRef = bought.carrierRef ?? null;
    const label = bought.carrierLabel;
    const now = clock.now();
    const searchText = searchTextOf({ trackingNumber, orderCode: row.orderCode, to: row.toAddress });
    const done = await repo.completePurchasing(db, row, {
      trackingNumber,
      searchText,
      carrierRef,
      label,
      purchasedAt,
      now,
      event: shipmentEventData({ ...row, status: 'label_created', trackingNumber }),
    });
    if (!done) return null;
    // The receipt was written without its number, so that this order did not wait on the series'
    // counter (decision 062): it is numbered after the answer, or before anyone reads it if sooner.
    if (!row.test) numberReceiptsSoon();
    return { ...row, status: 'label_created', trackingNumber, searchText, carrierRef, updatedAt: now };
  }

  /** Step 3, failure: 'failed' and one refund of the whole charge, together; null when already settled. */
  async function failAndRefund(row: ShipmentRow, code: FailureCode, message: string): Promise<ShipmentRow | null> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const failed = await repo.failPurchasing(tx, row, code, message, now);
      if (!failed) return null;
      // A test order (decision 027) moved no money, so nothing is refunded.
      if (row.test) return failed;
      const refund =
        row.totalCents === 0
          ? true
          : await applyEntry(
              tx,
              row.userId,
              {
                type: 'refund',
                direction: 'credit',
                amountCents: row.totalCents,
                description: `Refund: order ${row.orderCode} not created by ${carrierName(row.carrier)}`,
                reference: row.orderCode,
                shipmentId: row.id,
                idempotencyKey: `refund:${row.id}`,
              },
              now,
            );
      if (!refund) throw new Error('refund credit did not apply');
      // The answer says what came back: the label and, for DDP, the duties (as a void does).
      failed.refundedCents += await refundDuties(
        tx,
        row,
        `Refund: duties for order ${row.orderCode} not created`,
        null,
        now,
      );
      return failed;
    });
  }

  /**
   * Whether a purchase found again by reference can complete the order: the user must be able to
   * print the carrier's label. A real carrier's purchase found without its label, from a carrier
   * that cannot fetch it again (UPS's reference tracking answers no label), is voided instead, and
   * the order refunded by the caller.
   */
  async function usable(carrier: Carrier, ops: CarrierOperations, row: ShipmentRow, found: Purchase): Promise<boolean> {
    if (carrier.mode === 'sandbox' || found.carrierLabel || ops.fetchLabel) return true;
    await ops
      .void(found.trackingNumber, clock.now(), found.carrierRef ?? null)
      .catch((err: unknown) =>
        log.error({ err, shipmentId: row.id }, 'could not void a label found without its image; refunding anyway'),
      );
    return false;
  }

  /** Steps 2 and 3 for a row in 'purchasing'. */
  async function purchase(row: ShipmentRow): Promise<ShipmentRow> {
    const carrier = carrierFor(row.carrier);
    const ops = carrier?.operations;
    if (!carrier || !ops) {
      return (
        (await failAndRefund(
          row,
          'ORDER_CREATION_FAILED',
          `${carrierName(row.carrier)} labels cannot be bought here`,
        )) ?? (await findRow(row.id))!
      );
    }
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new CarrierError('TIMEOUT', `${carrier.name} did not answer in time`)),
      deps.purchaseTimeoutMs,
    );
    try {
      // A real carrier that chooses a label's format when it is sold gets the buyer's default one
      // (users.label_format, decisions 038 and 040); the sandbox's labels are drawn by us, so not asked.
      const labelFormat = carrier.mode === 'sandbox' ? null : await getLabelFormat(db, row.userId);
      const bought = await Promise.race([
        timedCarrierCall(db, { carrier: carrier.code, mode: carrier.mode, operation: 'purchase' }, () =>
          ops.purchase(
            {
              reference: row.id,
              serviceCode: row.serviceCode,
              from: labelPartyOf(row.fromAddress),
              to: labelPartyOf(row.toAddress),
              package: {
                weightKg: row.package.weightKg,
                lengthCm: row.package.lengthCm,
                widthCm: row.package.widthCm,
                heightCm: row.package.heightCm,
                type: row.package.type,
                // The coverage bought with the label (decision 020).
                declaredValueCents: row.insuranceCents,
              },
              shipDate: row.shipDate,
              // Leaving Canada: the declaration, in each carrier's shape (issue 25).
              ...(row.customs
                ? { customs: customsDeclarationOf(row.customs, row.duties?.usdRate, row.dutiesCents) }
                : {}),
              ...(labelFormat ? { labelFormat } : {}),
            },
            { signal: controller.signal },
          ),
        ),
        new Promise<never>((_, reject) =>
          controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), { once: true }),
        ),
      ]);
      const done = await completeOrder(row, bought);
      if (done) return done;
      // Settled meanwhile (refunded by the recovery job): this label must not stay bought.
      await ops
        .void(bought.trackingNumber, clock.now(), bought.carrierRef ?? null)
        .catch((err: unknown) =>
          log.error({ err, shipmentId: row.id }, 'could not void a label bought for an order already refunded'),
        );
      return (await findRow(row.id))!;
    } catch (err) {
      if (!(err instanceof CarrierError)) {
        // Not an answer from the carrier (a bug, a broken connection): whether the label was bought
        // is unknown, so the row stays 'purchasing' for the recovery job to settle with the carrier.
        log.error({ err, shipmentId: row.id }, 'order purchase failed unexpectedly; left for recovery');
        return (await findRow(row.id).catch(() => null)) ?? row;
      }
      if (err.reason === 'TIMEOUT') {
        // It may have gone through on the carrier's side after all.
        const found = await ops.findByReference(row.id).catch(() => null);
        if (found && (await usable(carrier, ops, row, found))) {
          return (await completeOrder(row, found)) ?? (await findRow(row.id))!;
        }
      }
      const { code, message } = refusalOf(carrier.name, err);
      log.warn(
        { shipmentId: row.id, carrier: row.carrier, reason: err.reason, msg: err.message },
        'carrier refused an order; refunded',
      );
      return (await failAndRefund(row, code, message)) ?? (await findRow(row.id))!;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async placeOrder(ctx: OrderContext, body: TCreateShipmentRequest): Promise<TCreatedShipment> {
      const hash = requestHash(body);
      if (ctx.idempotencyKey) {
        const existing = await findByKey(ctx.userId, ctx.idempotencyKey);
        if (existing) return replay(ctx.userId, ctx.idempotencyKey, hash);
      }
      // The declared value covered is the one quoted (sameShipment checks it); `insurance`, when sent,
      // must say the same.
      const declared = declaredValueCents(body.packageDetails.insuranceValue);
      if (body.insurance !== undefined && body.insurance !== declared) {
        throw badRequest('insurance', 'Insurance must be the package’s declared value (packageDetails.insuranceValue)');
      }
      // Whatever the caller (the route's contract checks it; a bulk import or a job calls this directly):
      // no parcel leaves Canada without its customs declaration (decision 029).
      if (body.toAddress.country !== 'CA' && !body.customs) {
        throw badRequest('customs', 'Customs details are required for a shipment leaving Canada');
      }
      // A wallet on hold pays for no order (403 WALLET_ON_HOLD, decision 021): nothing is written or
      // charged; resolveOption reads the hold with the option. A test order pays nothing, so a hold
      // does not stop it.
      const { option, shipDate, price } = await resolveOption(ctx.userId, body, !ctx.test);
      if (ctx.test && carrierFor(option.carrier)?.mode !== 'sandbox') {
        throw badRequest(
          'carrier',
          `A test key buys from the sandbox carriers only; ${carrierName(option.carrier)} is not one`,
        );
      }
      const now = clock.now();
      const id = randomUUID();
      const orderCode = newOrderCode();
      const from = partyOf(body.fromAddress);
      const to = partyOf(body.toAddress);
      const pkg = body.packageDetails;
      const crossBorder = customsColumnsOf(body, option);
      const values: repo.NewShipment = {
        ...crossBorder,
        id,
        userId: ctx.userId,
        organizationId: ctx.organizationId,
        status: 'purchasing',
        carrier: option.carrier,
        // The carrier selling this label: a sandbox's shipment stays marked as one for good.
        mode: carrierFor(option.carrier)?.mode ?? 'sandbox',
        serviceCode: option.serviceCode,
        serviceName: option.serviceName,
        quoteOptionId: option.id,
        orderCode,
        trackingNumber: null,
        // The price now (the client confirmed it): the stored carrier cost, priced with today's rules.
        carrierPriceCents: option.carrierPriceCents,
        markupCents: price.markupCents,
        discountCents: price.listedCents - price.discountedCents,
        priceCents: price.discountedCents,
        gstCents: price.taxes.gstCents,
        hstCents: price.taxes.hstCents,
        qstCents: price.taxes.qstCents,
        taxTotalCents: price.taxes.totalCents,
        totalCents: price.totalCents,
        insuranceCents: declared,
        coverageCents: option.coverageCents,
        fromAddress: from,
        toAddress: to,
        package: {
          weightKg: pkg.weight,
          lengthCm: pkg.length,
          widthCm: pkg.width,
          heightCm: pkg.height,
          type: pkg.type,
          description: pkg.description,
          insuranceValueCents: declared,
        },
        receiverKey: receiverKey({
          name: `${to.firstName} ${to.lastName}`,
          address1: to.address1,
          postalCode: to.postalCode,
          phone: to.phone,
          email: to.email,
        }),
        searchText: searchTextOf({ trackingNumber: null, orderCode, to }),
        shipDate,
        transitDays: option.transitDays,
        estimatedDelivery: option.estimatedDelivery,
        idempotencyKey: ctx.idempotencyKey,
        requestHash: hash,
        createdAt: now,
        updatedAt: now,
        test: ctx.test === true,
        // Mail the receiver when shipped and delivered (issue 27; migration 0032's trigger queues them).
        notifyRecipient: body.notifyRecipient === true,
        recipientLanguage: body.recipientLanguage ?? 'en',
      };

      // Step 1: the row and the debit, together (one statement: the shipment is inserted from the
      // wallet update, so a balance that cannot cover it writes neither).
      if (ctx.chargeTurn && !(await ctx.chargeTurn.before())) throw new OrderStoppedError();
      let row: ShipmentRow;
      let outcome: 'charged' | 'short' | 'failed' = 'failed';
      try {
        // A free order (a discount of the whole price) and a test order move no money: just the row.
        const chargeShipping = async (db: Db) =>
          price.totalCents === 0 || ctx.test
            ? await repo.insertShipment(db, values).then(() => true)
            : await applyEntry(
                db,
                ctx.userId,
                {
                  type: 'shipping_charge',
                  direction: 'debit',
                  amountCents: price.totalCents,
                  description: `${carrierAndService(carrierName(option.carrier), option.serviceName)} — order ${orderCode}`,
                  reference: orderCode,
                  shipmentId: id,
                  idempotencyKey: `charge:${id}`,
                  ipAddress: ctx.ipAddress,
                },
                now,
                repo.insertShipmentFromWallet(values),
              );
        // With duties paid at origin, their own debit in the same transaction (decision 029).
        const charged = await chargeOrder(
          db,
          { id, userId: ctx.userId, orderCode, dutiesCents: crossBorder.dutiesCents, test: values.test === true },
          ctx.ipAddress,
          now,
          chargeShipping,
        );
        if (!charged) {
          outcome = 'short';
          throw new AppError(
            402,
            `Insufficient wallet balance: this order costs ${money(price.totalCents + crossBorder.dutiesCents)}. Add funds before ordering.`,
            ErrorCode.INSUFFICIENT_BALANCE,
          );
        }
        outcome = 'charged';
        row = {
          ...(values as ShipmentRow),
          refundedCents: 0,
          failureCode: null,
          failureMessage: null,
          deliveredAt: null,
          trackingSyncedAt: null,
          voidedAt: null,
          carrierRef: null,
          trackingNextCheckAt: null,
          trackingAttempts: 0,
        };
      } catch (err) {
        if (ctx.idempotencyKey && isUniqueViolation(err)) return replay(ctx.userId, ctx.idempotencyKey, hash);
        throw err;
      } finally {
        ctx.chargeTurn?.after(outcome);
      }

      // Steps 2 and 3, which shutdown waits for.
      const settled = await track('order', () => purchase(row));
      return answerOf(settled);
    },

    /**
     * Settles 'purchasing' rows left by a process that died (a job, every minute and at start-up).
     * The carrier is asked outside any transaction; each settlement is a conditional update, so two
     * processes (or a late request) racing on one row settle it once.
     */
    async recoverStuckOrders(limit = 50): Promise<{ completed: number; refunded: number; pending: number }> {
      const cutoff = new Date(clock.now().getTime() - STUCK_AFTER_MS);
      const stuck = await repo.stuckPurchasing(db, cutoff, limit);
      let completed = 0;
      let refunded = 0;
      let pending = 0;
      for (const row of stuck) {
        const carrier = carrierFor(row.carrier);
        const ops = carrier?.operations;
        const found = ops ? await ops.findByReference(row.id).catch(() => undefined) : null;
        if (found === undefined) {
          pending++; // the carrier did not answer: ask again next run
        } else if (found && carrier && ops && (await usable(carrier, ops, row, found))) {
          if (await completeOrder(row, found)) completed++;
        } else if (await failAndRefund(row, 'API_FAILURE', 'the carrier never confirmed the label')) {
          refunded++;
        }
      }
      return { completed, refunded, pending };
    },

    /** Voids an unused label: carrier void, 'cancelled', one refund of the whole charge. Twice refunds once. */
    async voidShipment(userId: string, shipmentId: string, ipAddress: string | null): Promise<ShipmentRow> {
      const row = await repo.userShipment(db, userId, shipmentId);
      if (!row) throw notFound('Shipment not found');
      if (row.status === 'cancelled') return row;
      if (row.status !== 'label_created' || !row.trackingNumber) {
        throw new AppError(
          409,
          row.status === 'failed' || row.status === 'purchasing'
            ? 'This order has no label to void'
            : 'This label cannot be voided: the parcel has already been picked up',
          ErrorCode.NOT_VOIDABLE,
        );
      }
      const carrier = carrierFor(row.carrier);
      const ops = carrier?.operations;
      if (!carrier || !ops) {
        throw new AppError(502, `${carrierName(row.carrier)} cannot void labels here`, ErrorCode.API_FAILURE);
      }
      try {
        await timedCarrierCall(db, { carrier: carrier.code, mode: carrier.mode, operation: 'void' }, () =>
          ops.void(row.trackingNumber!, clock.now(), row.carrierRef),
        );
      } catch (err) {
        if (err instanceof CarrierError && err.reason === 'NOT_VOIDABLE' && carrier.mode !== 'sandbox') {
          // A real carrier's refusal (already transmitted, picked up, past its void window): its
          // reason, and nothing refunded.
          throw new AppError(
            409,
            `${carrierName(row.carrier)} refused to void this label: ${err.message}`,
            ErrorCode.VOID_REFUSED,
            undefined,
            undefined,
            { carrierReason: err.message },
          );
        } else if (err instanceof CarrierError && err.reason === 'NOT_VOIDABLE') {
          // Already voided by an earlier request that has not settled yet? Then settle below; otherwise refuse.
          if (
            !(await ops.findByReference(row.id).then(
              (p) => p === null,
              () => false,
            ))
          ) {
            throw new AppError(
              409,
              'This label cannot be voided: the parcel has already been picked up',
              ErrorCode.NOT_VOIDABLE,
            );
          }
        } else if (err instanceof CarrierError && err.reason === 'NOT_FOUND') {
          throw new AppError(409, 'The carrier has no record of this label', ErrorCode.NOT_VOIDABLE);
        } else {
          throw new AppError(
            502,
            `${carrierName(row.carrier)} could not void the label right now; try again`,
            ErrorCode.API_FAILURE,
          );
        }
      }
      const now = clock.now();
      const settled = await db.transaction(async (tx) => {
        // The carrier has voided the label: refund whatever our status says by now (a tracking
        // update may have moved it on meanwhile), unless an earlier void already did.
        const cancelled = await repo.cancelVoided(tx, row, now);
        if (!cancelled) return null;
        const refund =
          row.totalCents === 0 || row.test
            ? true
            : await applyEntry(
                tx,
                userId,
                {
                  type: 'refund',
                  direction: 'credit',
                  amountCents: row.totalCents,
                  description: `Refund: label voided for order ${row.orderCode}`,
                  reference: row.orderCode,
                  shipmentId: row.id,
                  idempotencyKey: `refund:${row.id}`,
                  ipAddress,
                },
                now,
              );
        if (!refund) throw new Error('refund credit did not apply');
        cancelled.refundedCents += await refundDuties(
          tx,
          row,
          `Refund: duties for voided order ${row.orderCode}`,
          ipAddress,
          now,
        );
        // The event goes out with the change (the outbox row commits with it, decision 034).
        await enqueueWebhookEvent(tx, userId, 'shipment.voided', shipmentEventData(cancelled), now);
        return cancelled;
      });
      return settled ?? (await findRow(row.id))!;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/** The quote body for an order's addresses and parcel (re-quoting without an option id). */
function quoteBodyOf(body: TCreateShipmentRequest): TQuoteRequest {
  const end = (a: TOrderAddress) => ({
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
  return {
    fromAddress: end(body.fromAddress),
    toAddress: end(body.toAddress),
    packageDetails: body.packageDetails,
    ...(body.customs ? { customs: body.customs } : {}),
  };
}

/** Whether the order ships what was quoted: same postal codes, provinces and parcel (to the gram and millimetre). */
function sameShipment(asked: TQuoteRequest, body: TCreateShipmentRequest): boolean {
  // The client converts the same stored numbers for the quote and the order: they match exactly.
  const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));
  const p = asked.packageDetails;
  const q = body.packageDetails;
  return (
    asked.fromAddress.postalCode === body.fromAddress.postalCode &&
    asked.toAddress.postalCode === body.toAddress.postalCode &&
    asked.fromAddress.province === body.fromAddress.province &&
    asked.toAddress.province === body.toAddress.province &&
    near(p.weight, q.weight) &&
    near(p.length, q.length) &&
    near(p.width, q.width) &&
    near(p.height, q.height) &&
    (p.type ?? 'package') === (q.type ?? 'package') &&
    // Coverage was priced for the quoted declared value: another value is another price.
    declaredValueCents(p.insuranceValue) === declaredValueCents(q.insuranceValue)
  );
}
