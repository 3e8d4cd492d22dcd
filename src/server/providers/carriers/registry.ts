import type { Config } from '../../config';
import {
  CarrierError,
  type Carrier,
  type CarrierCode,
  type CarrierErrorReason,
  type CarrierMode,
  type CarrierQuote,
  type QuoteRequest,
} from './index';
import type { Db } from '../../db/client';
import { carrierName } from '../../../shared/carriers';
import { summarizeCarrierModes, type TCarrierStatus } from '../../../shared/contracts/carriers';
import { systemClock, type Clock } from '../../lib/clock';
import { CANADA_POST } from './sandbox/canada-post';
import { DHL } from './sandbox/dhl';
import { sandboxCarrier, type CarrierDef } from './sandbox/engine';
import { FEDEX } from './sandbox/fedex';
import { createSandboxOperations } from './sandbox/operations';
import { PUROLATOR } from './sandbox/purolator';
import { UPS } from './sandbox/ups';
import type { AdapterLog } from './adapter-support';
import { createCanadaPostCarrier } from './canada-post/adapter';
import { createDhlCarrier } from './dhl/adapter';
import { createFedexCarrier } from './fedex/adapter';
import { createPurolatorCarrier } from './purolator/adapter';
import { createUpsCarrier } from './ups/adapter';

const SANDBOXES: readonly CarrierDef[] = [CANADA_POST, PUROLATOR, UPS, FEDEX, DHL];

const SILENT: AdapterLog = { warn: () => undefined };

/**
 * The enabled carriers, in the spec's order: the real adapter of each carrier with an account
 * (config.carriers, decision 023), the sandbox of the others — or none of the others when
 * CARRIERS_SANDBOX=off. With a database the sandboxes can also be ordered from (purchase, track,
 * void); without one they only quote.
 */
export function createCarriers(
  config: Pick<Config, 'fuelSurchargeBp'> &
    Partial<Pick<Config, 'carriers' | 'carrierPurchaseTimeoutMs' | 'carrierTimeoutMs'>>,
  opts: { db?: Db; clock?: Clock; log?: AdapterLog } = {},
): Carrier[] {
  const log = opts.log ?? SILENT;
  const accounts = config.carriers ?? { sandbox: true };
  // A real adapter's own per-request limit: the purchase deadline, never shorter than the quote
  // deadline (a quote's requests are cut by that deadline; the saga cuts a purchase at its own).
  const limits = [config.carrierPurchaseTimeoutMs, config.carrierTimeoutMs].filter((n) => n !== undefined);
  const timeoutMs = limits.length > 0 ? Math.max(...limits) : undefined;
  const real = (code: CarrierCode): Carrier | null => {
    switch (code) {
      case 'CA-CP':
        return accounts.canadaPost ? createCanadaPostCarrier(accounts.canadaPost, { log, timeoutMs }) : null;
      case 'CA-PUROLATOR':
        return accounts.purolator ? createPurolatorCarrier(accounts.purolator, { log, timeoutMs }) : null;
      case 'CA-UPS':
        return accounts.ups ? createUpsCarrier(accounts.ups, { log, timeoutMs }) : null;
      case 'CA-Fedex':
        return accounts.fedex ? createFedexCarrier(accounts.fedex, { log, timeoutMs }) : null;
      case 'CA-DHL':
        return accounts.dhl ? createDhlCarrier(accounts.dhl, { log, timeoutMs }) : null;
    }
  };
  const out: Carrier[] = [];
  for (const def of SANDBOXES) {
    const adapter = real(def.code);
    if (adapter) {
      out.push(adapter);
      continue;
    }
    if (!accounts.sandbox) continue;
    const carrier = sandboxCarrier(def, { fuelBp: config.fuelSurchargeBp[def.code] });
    out.push(
      opts.db
        ? { ...carrier, operations: createSandboxOperations(def, { db: opts.db, clock: opts.clock ?? systemClock }) }
        : carrier,
    );
  }
  return out;
}

/** One line per carrier for the start-up log: live, test, sandbox, or off (CARRIERS_SANDBOX=off). */
export function carrierStartupLines(
  carriers: readonly Carrier[],
): { carrier: CarrierCode; mode: string; line: string }[] {
  return SANDBOXES.map((def) => {
    const c = carriers.find((x) => x.code === def.code);
    const mode = c ? c.mode : 'off';
    const what =
      mode === 'live'
        ? 'live (real labels, real charges)'
        : mode === 'test'
          ? "test (the carrier's test environment)"
          : mode === 'sandbox'
            ? 'sandbox (simulated)'
            : 'off (no account, CARRIERS_SANDBOX=off)';
    return { carrier: def.code, mode, line: `carrier ${carrierName(def.code)}: ${what}` };
  });
}

/**
 * The mode of the enabled carrier with this code. A code no enabled carrier has (an old order of a
 * carrier since removed) counts as 'sandbox': nothing is called live that does not say so.
 */
export function modeOf(carriers: readonly Carrier[], code: string): CarrierMode {
  return carriers.find((c) => c.code === code)?.mode ?? 'sandbox';
}

/** Each enabled carrier's mode and the overall status (GET /api/carriers/status, the sidebar badge). */
export function carrierStatusOf(carriers: readonly Carrier[]): TCarrierStatus {
  const { overall, counts } = summarizeCarrierModes(carriers.map((c) => c.mode));
  return {
    overall,
    counts,
    carriers: carriers.map((c) => ({ carrier: c.code, carrierName: carrierName(c.code), mode: c.mode })),
  };
}

export type CarrierWarning = { carrier: CarrierCode; reason: CarrierErrorReason; message: string };

export type QuoteAllResult = { quotes: CarrierQuote[]; warnings: CarrierWarning[] };

/**
 * One carrier's quote call as quoteAll saw it: ok when the carrier answered in time (a refusal such
 * as UNSUPPORTED_ROUTE included), with the warning's reason when it gave no quote.
 */
export type QuoteCall = {
  carrier: CarrierCode;
  mode: CarrierMode;
  ok: boolean;
  latencyMs: number;
  errorReason: CarrierErrorReason | null;
};

/**
 * Asks every carrier at once, all under one timeout (one timer and one abort signal for the
 * quote: a signal and a timer per carrier cost a quote ~15 µs, issue 26). A carrier that throws, or
 * has not answered when the time is up, is left out with a warning; the others still answer. The
 * call never takes longer than the timeout, even when a carrier ignores its abort signal.
 */
export async function quoteAll(
  carriers: readonly Carrier[],
  req: QuoteRequest,
  opts: {
    timeoutMs: number;
    onError?: (carrier: CarrierCode, err: unknown) => void;
    /** Each carrier's call once it ends (the admin's carriers view records it; must not throw). */
    onCall?: (call: QuoteCall) => void;
  },
): Promise<QuoteAllResult> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new CarrierError('TIMEOUT', 'the carriers did not answer in time'));
      resolve('timeout');
    }, opts.timeoutMs);
  });
  try {
    const results = await Promise.all(
      carriers.map(async (c) => {
        const started = performance.now();
        const r = await quoteOne(c, req, controller.signal, timedOut, opts.onError);
        const reason = 'warning' in r ? r.warning.reason : null;
        opts.onCall?.({
          carrier: c.code,
          mode: c.mode,
          ok: reason !== 'TIMEOUT' && reason !== 'UNAVAILABLE' && reason !== 'BUSY',
          latencyMs: performance.now() - started,
          errorReason: reason,
        });
        return r;
      }),
    );
    const quotes: CarrierQuote[] = [];
    const warnings: CarrierWarning[] = [];
    for (const r of results) {
      if ('warning' in r) warnings.push(r.warning);
      else quotes.push(...r.quotes);
    }
    return { quotes, warnings };
  } finally {
    clearTimeout(timer);
  }
}

type One = { quotes: CarrierQuote[] } | { warning: CarrierWarning };

async function quoteOne(
  carrier: Carrier,
  req: QuoteRequest,
  signal: AbortSignal,
  timedOut: Promise<'timeout'>,
  onError?: (carrier: CarrierCode, err: unknown) => void,
): Promise<One> {
  const late = (): One => ({
    warning: { carrier: carrier.code, reason: 'TIMEOUT', message: `${carrier.name} did not answer in time` },
  });
  try {
    const answer = await Promise.race([carrier.quote(req, { signal }), timedOut]);
    if (answer === 'timeout') return late();
    // Whatever the adapter says, a quote is attributed to the carrier that was asked.
    return { quotes: answer.filter((q) => q.carrier === carrier.code) };
  } catch (err) {
    if (signal.aborted) return late();
    if (err instanceof CarrierError) {
      return { warning: { carrier: carrier.code, reason: err.reason, message: err.message } };
    }
    onError?.(carrier.code, err);
    return {
      warning: { carrier: carrier.code, reason: 'UNAVAILABLE', message: `${carrier.name} is unavailable right now` },
    };
  }
}
