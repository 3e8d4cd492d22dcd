import { describe, expect, it } from 'vitest';
import { CarrierError, type Carrier, type QuoteRequest } from './index';
import { carrierStartupLines, carrierStatusOf, createCarriers, modeOf, quoteAll } from './registry';

const req: QuoteRequest = {
  from: { postalCode: 'M5V 3L9', province: 'ON', country: 'CA', city: 'Toronto' },
  to: { postalCode: 'H2X 1Y4', province: 'QC', country: 'CA', city: 'Montréal' },
  package: { weightKg: 2, lengthCm: 20, widthCm: 15, heightCm: 10, type: 'package' },
  shipDate: '2026-03-04',
};

const hanging = (respectSignal: boolean): Carrier => ({
  code: 'CA-UPS',
  name: 'UPS',
  mode: 'sandbox',
  quote: (_req, { signal }) =>
    new Promise((_resolve, reject) => {
      if (respectSignal) signal.addEventListener('abort', () => reject(signal.reason));
    }),
});

describe('createCarriers', () => {
  it('builds the real adapter where an account is configured, the sandbox elsewhere, none with CARRIERS_SANDBOX=off', () => {
    const ups = {
      clientId: 'id',
      clientSecret: 'secret',
      accountNumber: 'A1B2C3',
      baseUrl: 'https://wwwcie.ups.com',
      mode: 'test' as const,
    };
    const mixed = createCarriers({ fuelSurchargeBp: {}, carriers: { sandbox: true, ups } });
    expect(mixed.map((c) => [c.code, c.mode])).toEqual([
      ['CA-CP', 'sandbox'],
      ['CA-PUROLATOR', 'sandbox'],
      ['CA-UPS', 'test'],
      ['CA-Fedex', 'sandbox'],
      ['CA-DHL', 'sandbox'],
    ]);
    const only = createCarriers({ fuelSurchargeBp: {}, carriers: { sandbox: false, ups } });
    expect(only.map((c) => c.code)).toEqual(['CA-UPS']);
    expect(only[0]!.operations?.findByReference).toBeTypeOf('function');
    expect(carrierStartupLines(only).map((l) => l.line)).toEqual([
      'carrier Canada Post: off (no account, CARRIERS_SANDBOX=off)',
      'carrier Purolator: off (no account, CARRIERS_SANDBOX=off)',
      "carrier UPS: test (the carrier's test environment)",
      'carrier FedEx: off (no account, CARRIERS_SANDBOX=off)',
      'carrier DHL: off (no account, CARRIERS_SANDBOX=off)',
    ]);
  });

  it('enables every sandbox and applies the fuel override per carrier', async () => {
    const carriers = createCarriers({ fuelSurchargeBp: { 'CA-CP': 0 } });
    expect(carriers.map((c) => c.code)).toEqual(['CA-CP', 'CA-PUROLATOR', 'CA-UPS', 'CA-Fedex', 'CA-DHL']);
    const { quotes, warnings } = await quoteAll(carriers, req, { timeoutMs: 1000 });
    expect(warnings).toEqual([]);
    expect(new Set(quotes.map((q) => q.carrier))).toEqual(new Set(['CA-CP', 'CA-PUROLATOR', 'CA-UPS', 'CA-Fedex']));
    expect(quotes.filter((q) => q.carrier === 'CA-CP').every((q) => q.breakdown.fuelCents === 0)).toBe(true);
    expect(quotes.filter((q) => q.carrier === 'CA-UPS').every((q) => q.breakdown.fuelCents > 0)).toBe(true);
  });
});

describe('carrier modes', () => {
  it('reports every built-in carrier as a sandbox, and the whole set as sandbox', () => {
    const carriers = createCarriers({ fuelSurchargeBp: {} });
    expect(carriers.map((c) => c.mode)).toEqual(['sandbox', 'sandbox', 'sandbox', 'sandbox', 'sandbox']);
    const status = carrierStatusOf(carriers);
    expect(status.overall).toBe('sandbox');
    expect(status.counts).toEqual({ sandbox: 5, test: 0, live: 0 });
    expect(status.carriers[0]).toEqual({ carrier: 'CA-CP', carrierName: 'Canada Post', mode: 'sandbox' });
  });

  it('says live only when every carrier is live, mixed otherwise', () => {
    const carriers = createCarriers({ fuelSurchargeBp: {} });
    const withModes = (...modes: Carrier['mode'][]) => carriers.map((c, i) => ({ ...c, mode: modes[i] ?? 'live' }));
    expect(carrierStatusOf(withModes()).overall).toBe('live');
    expect(carrierStatusOf(withModes('test', 'test', 'test', 'test', 'test')).overall).toBe('test');
    const mixed = carrierStatusOf(withModes('test', 'live', 'test'));
    expect(mixed.overall).toBe('mixed');
    expect(mixed.counts).toEqual({ sandbox: 0, test: 2, live: 3 });
    expect(carrierStatusOf(withModes('sandbox')).overall).toBe('mixed');
  });

  it('counts a carrier no longer enabled as a sandbox', () => {
    const carriers = createCarriers({ fuelSurchargeBp: {} }).map((c) => ({ ...c, mode: 'live' as const }));
    expect(modeOf(carriers, 'CA-UPS')).toBe('live');
    expect(modeOf(carriers, 'CA-GONE')).toBe('sandbox');
  });
});

describe('quoteAll', () => {
  const [canadaPost] = createCarriers({ fuelSurchargeBp: {} });

  it.each([true, false])(
    'leaves out a carrier that hangs (respects its signal: %s) within the timeout',
    async (respect) => {
      const t0 = performance.now();
      const { quotes, warnings } = await quoteAll([canadaPost!, hanging(respect)], req, { timeoutMs: 100 });
      const elapsed = performance.now() - t0;
      expect(elapsed).toBeGreaterThanOrEqual(95);
      expect(elapsed).toBeLessThan(200); // timeout + scheduling slack on a shared machine
      expect(quotes.length).toBe(4);
      expect(warnings).toEqual([{ carrier: 'CA-UPS', reason: 'TIMEOUT', message: 'UPS did not answer in time' }]);
    },
  );

  it('leaves out a carrier that throws, with its reason, and reports unexpected errors', async () => {
    const seen: unknown[] = [];
    const boom: Carrier = {
      code: 'CA-Fedex',
      name: 'FedEx',
      mode: 'sandbox',
      quote: async () => Promise.reject(new Error('socket hang up')),
    };
    const limited: Carrier = {
      code: 'CA-PUROLATOR',
      name: 'Purolator',
      mode: 'sandbox',
      quote: async () => {
        throw new CarrierError('LIMIT_EXCEEDED', 'too heavy');
      },
    };
    const { quotes, warnings } = await quoteAll([boom, canadaPost!, limited], req, {
      timeoutMs: 1000,
      onError: (_c, e) => seen.push(e),
    });
    expect(quotes.length).toBe(4);
    expect(warnings).toEqual([
      { carrier: 'CA-Fedex', reason: 'UNAVAILABLE', message: 'FedEx is unavailable right now' },
      { carrier: 'CA-PUROLATOR', reason: 'LIMIT_EXCEEDED', message: 'too heavy' },
    ]);
    expect(seen).toHaveLength(1);
  });

  it('answers as fast as the slowest carrier when all answer', async () => {
    const slow: Carrier = {
      code: 'CA-UPS',
      name: 'UPS',
      mode: 'sandbox',
      quote: () => new Promise((resolve) => setTimeout(() => resolve([]), 40)),
    };
    const t0 = performance.now();
    await quoteAll([slow, canadaPost!], req, { timeoutMs: 1000 });
    expect(performance.now() - t0).toBeLessThan(200);
  });
});
