/**
 * Card payments over HTTP (contracts/payments.ts): top-up intents and their confirmation, saved
 * cards, the provider's webhooks (raw body, signed), and the sandbox provider's browser-side confirm.
 */
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import type { App, AppDeps } from '../../deps';
import type { Services } from '../../services';
import { AppError } from '../../lib/errors';
import { enforceRateLimits, type RateRule } from '../../lib/rate-limit';
import { ErrorCode } from '../../../shared/errors';
import {
  ZConfirmPaymentRequest,
  ZConfirmPaymentResponse,
  ZCreateIntentRequest,
  ZCreateIntentResponse,
  ZPaymentMethodList,
  ZPaymentMethodParams,
  ZPaymentsConfig,
  ZSandboxAuthenticateRequest,
  ZSandboxConfirmRequest,
  ZSandboxIntentParams,
  ZSandboxIntentStatus,
  type TCardError,
} from '../../../shared/contracts/payments';
import { CardError } from '../../providers/payments/index';
import { SandboxRequestError, type SandboxPayments } from '../../providers/payments/sandbox';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../auth/session';
import { ZChargeCustomerRequest, ZChargeResult } from '../../../shared/contracts/admin';
import { deliverSandboxEvents } from './sandbox-delivery';

/** Tries of the sandbox's browser-side confirm: per intent, and per client address. */
const SANDBOX_INTENT_RULE: RateRule = { name: 'sandbox-confirm-intent', limit: 10, windowMs: 60 * 60 * 1000 };
const SANDBOX_IP_RULE: RateRule = { name: 'sandbox-confirm-ip', limit: 60, windowMs: 60 * 1000 };

/** An Idempotency-Key header: 1–255 visible ASCII characters, or none. */
function idempotencyKeyOf(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw new AppError(400, 'Idempotency-Key must be 1 to 255 visible characters', ErrorCode.VALIDATION_ERROR, {
      'idempotency-key': ['Idempotency-Key must be 1 to 255 visible characters'],
    });
  }
  return value;
}

/** 402 with the provider's error, as spec §8 reads it (`error.type`, `error.code`, `error.message`). */
function sendCardError(reply: FastifyReply, info: TCardError) {
  return reply.code(402).send({ message: info.message, code: ErrorCode.CARD_ERROR, error: info });
}

export function registerPayments(root: App, deps: AppDeps, services: Services): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { payments } = services;
  const payer = (request: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(request);
    return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName };
  };

  app.get('/api/payments/config', { ...signedIn, schema: { response: { 200: ZPaymentsConfig } } }, async () =>
    payments.config(),
  );

  app.post(
    '/api/create-payment-intent',
    { ...signedIn, schema: { body: ZCreateIntentRequest, response: { 200: ZCreateIntentResponse } } },
    async (request) => payments.createTopupIntent(payer(request), request.body),
  );

  app.post(
    '/api/confirm-payment',
    { ...signedIn, schema: { body: ZConfirmPaymentRequest, response: { 200: ZConfirmPaymentResponse } } },
    async (request) => payments.confirmTopup(payer(request), request.body.paymentIntentId, request.ip),
  );

  app.get('/api/payment-methods', { ...signedIn, schema: { response: { 200: ZPaymentMethodList } } }, async (request) =>
    payments.listCards(requireUser(request).id),
  );

  app.patch(
    '/api/payment-methods/:id/set-default',
    { ...signedIn, schema: { params: ZPaymentMethodParams, response: { 200: ZPaymentMethodList } } },
    async (request) =>
      payments.setDefaultCard({ id: requireUser(request).id, ipAddress: request.ip }, request.params.id),
  );

  app.delete(
    '/api/payment-methods/:id',
    { ...signedIn, schema: { params: ZPaymentMethodParams, response: { 200: ZPaymentMethodList } } },
    async (request) => payments.deleteCard({ id: requireUser(request).id, ipAddress: request.ip }, request.params.id),
  );

  app.post(
    '/api/admin/charge-customer',
    { ...adminOnly, schema: { body: ZChargeCustomerRequest, response: { 200: ZChargeResult } } },
    async (request) =>
      payments.chargeCustomer(
        { id: requireAdmin(request).id, ipAddress: request.ip },
        request.body,
        idempotencyKeyOf(request.headers['idempotency-key']),
      ),
  );

  // Webhooks: the signature covers the exact bytes, so this scope reads JSON bodies raw.
  root.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    for (const name of ['stripe', 'sandbox'] as const) {
      scope.post(`/api/webhooks/${name}`, async (request) => {
        const raw = request.body;
        if (!Buffer.isBuffer(raw) || raw.length === 0) {
          throw new AppError(400, 'Webhook refused: no body', ErrorCode.VALIDATION_ERROR);
        }
        const header = request.headers[name === 'stripe' ? 'stripe-signature' : 'sandbox-signature'];
        return payments.handleWebhook(name, raw, typeof header === 'string' ? header : undefined);
      });
    }
  });

  const sandbox = deps.providers.payments?.name === 'sandbox' ? (deps.providers.payments as SandboxPayments) : null;
  if (!sandbox) return;

  // The sandbox's browser-side confirm (what the card provider's script does in the real setup):
  // authorised by the client secret alone, like the provider's own endpoint.
  const sandboxCall = async (
    request: { ip: string; params: { id: string } },
    reply: FastifyReply,
    call: () => Promise<z.infer<typeof ZSandboxIntentStatus>>,
  ) => {
    // Like the provider's own endpoint: a few tries per intent and a pace per address, so nobody can
    // test card numbers here or fill the sandbox's tables.
    await enforceRateLimits(deps.database.db, deps.clock.now(), [
      { rule: SANDBOX_INTENT_RULE, subject: request.params.id },
      { rule: SANDBOX_IP_RULE, subject: request.ip },
    ]);
    try {
      const status = await call();
      deliverSoon();
      return status;
    } catch (err) {
      if (err instanceof CardError) {
        deliverSoon();
        return sendCardError(reply, err.info);
      }
      if (err instanceof SandboxRequestError) {
        return reply.code(err.status).send({
          message: err.info.message,
          code: err.status === 404 ? ErrorCode.NOT_FOUND : ErrorCode.VALIDATION_ERROR,
          error: err.info,
        });
      }
      throw err;
    }
  };

  /** Hands the sandbox's due webhook events to our own endpoint, off the request. */
  const deliverSoon = () => {
    setImmediate(() => {
      deliverSandboxEvents(root, sandbox).catch((err) => app.log.warn({ err }, 'sandbox webhook delivery failed'));
    });
  };

  app.post(
    '/api/sandbox/payment-intents/:id/confirm',
    { schema: { params: ZSandboxIntentParams, body: ZSandboxConfirmRequest, response: { 200: ZSandboxIntentStatus } } },
    async (request, reply) =>
      sandboxCall(request, reply, () =>
        sandbox.confirm(
          request.params.id,
          request.body.clientSecret,
          request.body.card ? { card: request.body.card } : { paymentMethodId: request.body.paymentMethodId as string },
        ),
      ),
  );

  app.post(
    '/api/sandbox/payment-intents/:id/authenticate',
    {
      schema: {
        params: ZSandboxIntentParams,
        body: ZSandboxAuthenticateRequest,
        response: { 200: ZSandboxIntentStatus },
      },
    },
    async (request, reply) =>
      sandboxCall(request, reply, () =>
        sandbox.authenticate(request.params.id, request.body.clientSecret, request.body.outcome),
      ),
  );
}
