import { describe, expect, it } from 'vitest';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { ZQuoteResponse, type TRateOption } from '../../shared/contracts/rates';
import { responseSerializer } from './response-serializer';

const serialize = (schema: z.ZodType | { properties: z.ZodType }) =>
  responseSerializer({ schema, method: 'GET', url: '/api/example', httpStatus: '200' } as never);

describe('responseSerializer', () => {
  const ZUser = z.object({ id: z.string(), email: z.string() });

  it('writes what the contract lets through: unknown keys are left out', () => {
    const text = serialize(ZUser)({ id: 'u1', email: 'a@b.co', passwordHash: 'scrypt$…' });
    expect(JSON.parse(text)).toEqual({ id: 'u1', email: 'a@b.co' });
  });

  it('takes a schema given as { properties }', () => {
    expect(serialize({ properties: ZUser })({ id: 'u1', email: 'a@b.co' })).toBe('{"id":"u1","email":"a@b.co"}');
  });

  it('refuses an answer that breaks its contract, naming the route', () => {
    let thrown: unknown;
    try {
      serialize(ZUser)({ id: 7 });
    } catch (err) {
      thrown = err;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
    expect(thrown).toMatchObject({ method: 'GET', url: '/api/example' });
  });

  it('gives the same bytes as encoding for a quote answer (no answer schema is a codec)', () => {
    const option: TRateOption = {
      id: '8f4e0b52-7c1d-4a8e-9b3a-1d2c3e4f5a01',
      quoteId: '8f4e0b52-7c1d-4a8e-9b3a-1d2c3e4f5a00',
      expiresAt: '2026-12-07T07:17:57.222Z',
      carrier: 'CA-CP',
      carrierName: 'Canada Post',
      serviceName: 'Expedited Parcel',
      serviceCode: 'DOM.EP',
      price: '28.31',
      taxes: { gst: '1.42', hst: '0.00', qst: '0.00', total: '1.42' },
      total: '29.73',
      transitDays: 5,
      estimatedDelivery: '2026-12-14',
      mode: 'sandbox',
    };
    const answer = [option, { ...option, id: '8f4e0b52-7c1d-4a8e-9b3a-1d2c3e4f5a02', serviceCode: 'DOM.RP' }];
    expect(serialize(ZQuoteResponse)(answer)).toBe(JSON.stringify(z.encode(ZQuoteResponse, answer)));
  });
});
