import { describe, expect, it } from 'vitest';
import type { PaymentIntent, Stripe, StripeCardElement, StripeError } from '@stripe/stripe-js';
import { ApiError } from '../../lib/api-client';
import { createSandboxClient, createStripeClient, StripeClientError } from './payment-client';

const intent = { paymentIntentId: 'pi_sandbox_1', clientSecret: 'pi_sandbox_1_secret_x' };

function fakePost(answers: ((path: string, body: unknown) => unknown)[]) {
  const calls: { path: string; body: unknown }[] = [];
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    calls.push({ path, body });
    const answer = answers.shift();
    if (!answer) throw new Error('no answer left');
    return answer(path, body) as T;
  };
  return { post, calls };
}

const status =
  (s: string, nextAction: unknown = null) =>
  () => ({ id: intent.paymentIntentId, status: s, nextAction });
const declined = (error: unknown) => () => {
  const body = { message: 'Your card was declined.', error };
  throw new ApiError(402, JSON.stringify(body), body as never);
};

describe('the sandbox payment client', () => {
  it('confirms a new card with its fields, or a saved card by id, at the intent’s own path', async () => {
    const { post, calls } = fakePost([status('succeeded'), status('succeeded')]);
    const client = createSandboxClient(post);
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'Avery' };
    expect(await client.confirm(intent, { kind: 'card', card })).toEqual({ kind: 'succeeded' });
    expect(await client.confirm(intent, { kind: 'saved', paymentMethodId: 'pm_1' })).toEqual({ kind: 'succeeded' });
    expect(calls).toEqual([
      { path: '/api/sandbox/payment-intents/pi_sandbox_1/confirm', body: { clientSecret: intent.clientSecret, card } },
      {
        path: '/api/sandbox/payment-intents/pi_sandbox_1/confirm',
        body: { clientSecret: intent.clientSecret, paymentMethodId: 'pm_1' },
      },
    ]);
  });

  it('asks for authentication, then answers the user’s choice', async () => {
    const { post, calls } = fakePost([
      status('requires_action', { type: 'sandbox_authentication' }),
      status('succeeded'),
    ]);
    const client = createSandboxClient(post);
    expect(await client.confirm(intent, { kind: 'saved', paymentMethodId: 'pm_1' })).toEqual({ kind: 'authenticate' });
    expect(await client.authenticate(intent, 'approve')).toEqual({ kind: 'succeeded' });
    expect(calls[1]).toEqual({
      path: '/api/sandbox/payment-intents/pi_sandbox_1/authenticate',
      body: { clientSecret: intent.clientSecret, outcome: 'approve' },
    });
  });

  it('a 402 with the provider’s error is a decline; a failed authentication too', async () => {
    const error = {
      type: 'card_error',
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    };
    const { post } = fakePost([
      declined(error),
      declined({
        type: 'card_error',
        code: 'payment_intent_authentication_failure',
        message: 'We are unable to authenticate your payment method.',
      }),
      status('requires_payment_method'),
    ]);
    const client = createSandboxClient(post);
    expect(await client.confirm(intent, { kind: 'saved', paymentMethodId: 'pm_1' })).toEqual({
      kind: 'declined',
      error,
    });
    expect(await client.authenticate(intent, 'fail')).toMatchObject({
      kind: 'declined',
      error: { code: 'payment_intent_authentication_failure' },
    });
    expect(await client.authenticate(intent, 'fail')).toMatchObject({
      kind: 'declined',
      error: { type: 'card_error', code: 'payment_intent_authentication_failure' },
    });
  });

  it('any other status is processing; other failures are thrown for the dialog to classify', async () => {
    const notConfigured = () => {
      throw new ApiError(501, '{"message":"not configured","code":"NOT_CONFIGURED"}', {
        message: 'not configured',
        code: 'NOT_CONFIGURED',
      });
    };
    const garbage402 = () => {
      throw new ApiError(402, 'Payment Required', null);
    };
    const { post } = fakePost([status('processing'), notConfigured, garbage402]);
    const client = createSandboxClient(post);
    expect(await client.confirm(intent, { kind: 'saved', paymentMethodId: 'pm_1' })).toEqual({
      kind: 'processing',
      status: 'processing',
    });
    await expect(client.confirm(intent, { kind: 'saved', paymentMethodId: 'pm_1' })).rejects.toMatchObject({
      status: 501,
    });
    await expect(client.confirm(intent, { kind: 'saved', paymentMethodId: 'pm_1' })).rejects.toMatchObject({
      status: 402,
    });
  });
});

describe('the Stripe payment client', () => {
  function fakeStripe(answer: { error?: Partial<StripeError>; paymentIntent?: Partial<PaymentIntent> }) {
    const calls: unknown[][] = [];
    const stripe = {
      confirmCardPayment: async (...args: unknown[]) => {
        calls.push(args);
        return answer;
      },
    } as unknown as Pick<Stripe, 'confirmCardPayment'>;
    return { stripe, calls };
  }
  const element = { mounted: true } as unknown as StripeCardElement;

  it('confirms with the card field and the name, or with a saved payment method', async () => {
    const { stripe, calls } = fakeStripe({ paymentIntent: { status: 'succeeded' } });
    const client = createStripeClient(stripe, () => element);
    expect(await client.confirm(intent, { kind: 'element', name: 'Avery Tremblay' })).toEqual({ kind: 'succeeded' });
    expect(await client.confirm(intent, { kind: 'saved', paymentMethodId: 'pm_123' })).toEqual({ kind: 'succeeded' });
    expect(calls).toEqual([
      [intent.clientSecret, { payment_method: { card: element, billing_details: { name: 'Avery Tremblay' } } }],
      [intent.clientSecret, { payment_method: 'pm_123' }],
    ]);
    // Never the raw number to Stripe.
    await expect(
      client.confirm(intent, {
        kind: 'card',
        card: { number: '4242', expMonth: 1, expYear: 2030, cvc: '1', name: '' },
      }),
    ).rejects.toThrow(/never the raw number/);
    expect(calls).toHaveLength(2);
  });

  it('a card error is a decline with Stripe’s type, code, decline code and param', async () => {
    const { stripe } = fakeStripe({
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
        param: undefined,
      },
    });
    const client = createStripeClient(stripe, () => element);
    expect(await client.confirm(intent, { kind: 'element', name: 'A' })).toEqual({
      kind: 'declined',
      error: {
        type: 'card_error',
        code: 'card_declined',
        declineCode: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
        param: undefined,
      },
    });
  });

  it('other Stripe errors are thrown; processing is processing', async () => {
    const down = createStripeClient(
      fakeStripe({ error: { type: 'api_connection_error', message: 'offline' } }).stripe,
      () => element,
    );
    await expect(down.confirm(intent, { kind: 'saved', paymentMethodId: 'pm_1' })).rejects.toBeInstanceOf(
      StripeClientError,
    );
    const slow = createStripeClient(fakeStripe({ paymentIntent: { status: 'processing' } }).stripe, () => element);
    expect(await slow.confirm(intent, { kind: 'saved', paymentMethodId: 'pm_1' })).toEqual({
      kind: 'processing',
      status: 'processing',
    });
    const unmounted = createStripeClient(fakeStripe({ paymentIntent: { status: 'succeeded' } }).stripe, () => null);
    await expect(unmounted.confirm(intent, { kind: 'element', name: 'A' })).rejects.toThrow(/not mounted/);
  });
});
