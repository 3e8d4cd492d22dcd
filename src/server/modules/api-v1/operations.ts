/**
 * The routes of the public API (/api/v1, decision 027), as one table: the plugin registers it and
 * the OpenAPI document is generated from it, so no route can be missing from the reference. Every
 * handler calls the same service with the same zod contract as the web's route; a test key (its
 * `test` flag) quotes and buys from the sandbox carriers only and moves no money.
 */
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { findOwnShipment } from './repo';
import { notFound } from '../../lib/errors';
import {
  CARRIER_WARNINGS_HEADER,
  ZQuoteFailure,
  ZQuoteRequest,
  ZQuoteResponse,
  encodeWarningsHeader,
  type TQuoteAddressInput,
  type TQuoteRequest,
  type TQuoteRequestInput,
} from '../../../shared/contracts/rates';
import {
  ZCreateShipmentRequest,
  ZCreatedShipment,
  ZShipmentDetail,
  ZShipmentList,
  ZShipmentListQuery,
  ZTrackingLookup,
  type TCreateShipmentRequest,
  type TShipmentListQuery,
} from '../../../shared/contracts/shipments';
import {
  ZAddress,
  ZAddressList,
  ZAddressRequest,
  type TAddressRequest,
  type TAddressRequestInput,
} from '../../../shared/contracts/addresses';
import { ZTransactionList, ZTransactionsQuery, ZWallet } from '../../../shared/contracts/wallet';
import { ZOkResponse } from '../../../shared/contracts/auth';
import { createRatesService, NoRatesError, toWireWarning, type RatesService } from '../rates/service';
import { createOrdersService, type OrdersService } from '../orders/service';
import { createShipmentsService } from '../shipments/service';
import { createAddressService } from '../addresses/service';
import { walletSummary } from '../wallet/summary';
import { countTransactions, listTransactions } from '../wallet/read-repo';
import { pageWindow, paginationOf } from '../shipments/pagination';
import { labelPdfOf } from './label';
import type { ApiKeyPrincipal } from '../api-keys/service';
import { toWireTransaction } from '../wallet/wire';
import {
  ZCreateWebhookRequest,
  ZCreatedWebhook,
  ZUpdateWebhookRequest,
  ZWebhook,
  ZWebhookDelivery,
  ZWebhookDeliveryList,
  ZWebhookDeliveryParams,
  ZWebhookIdParams,
  ZWebhookList,
  type TCreateWebhookRequest,
  type TUpdateWebhookRequest,
} from '../../../shared/contracts/webhooks';
import { webhooksServiceFor } from '../webhooks/wiring';

export type V1Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type V1Route = {
  method: V1Method;
  /** Fastify form (':id'), under /api/v1. */
  url: string;
  operationId: string;
  summary: string;
  tag: 'Rates' | 'Shipments' | 'Tracking' | 'Addresses' | 'Wallet' | 'Webhooks';
  schema: {
    params?: z.ZodObject;
    querystring?: z.ZodType;
    body?: z.ZodType;
    response: Record<number, z.ZodType>;
  };
  /** A binary answer (the label): its media type, described instead of a JSON schema. */
  produces?: string;
  /** Example body for the reference's curl and JavaScript samples. */
  example?: unknown;
  handler: (request: FastifyRequest, reply: FastifyReply, principal: ApiKeyPrincipal) => Promise<unknown>;
};

const ZId = z.object({ id: z.string().describe('The shipment id (a UUID)') });
const ZAddressId = z.object({ id: z.string().describe('The address id (a UUID)') });
const ZTrackingParams = z.object({
  trackingNumber: z.string().describe('A tracking number or our order code (VY-…)'),
});
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The examples are typed with the contracts' input types (and a test parses them with the routes'
// own schemas), so the published bodies cannot drift from what the API accepts.
const EXAMPLE_ADDRESS_FROM = {
  name: 'Ada Shipper',
  company: 'Maple Goods',
  streetAddress: '100 Queen St W',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5H 2N2',
  country: 'CA',
  phoneNumber: '416-555-0100',
  emailAddress: 'ada@example.com',
} satisfies TQuoteAddressInput;
const EXAMPLE_ADDRESS_TO = {
  name: 'Jean Receiver',
  company: '',
  streetAddress: '1 Rue Sainte-Catherine',
  city: 'Montreal',
  province: 'QC',
  postalCode: 'H2X 1K4',
  country: 'CA',
  phoneNumber: '514-555-0199',
  emailAddress: 'jean@example.com',
} satisfies TQuoteAddressInput;

export function v1Routes(deps: AppDeps, log: { warn(o: object, m: string): void; error(o: object, m: string): void }) {
  const db = deps.database.db;
  const sandboxCarriers = deps.providers.carriers.filter((c) => c.mode === 'sandbox');
  const ratesFor = (carriers: AppDeps['providers']['carriers']): RatesService =>
    createRatesService({ db, clock: deps.clock, carriers, timeoutMs: deps.config.carrierTimeoutMs, log });
  const ordersFor = (carriers: AppDeps['providers']['carriers'], rates: RatesService): OrdersService =>
    createOrdersService({
      db,
      clock: deps.clock,
      carriers,
      rates,
      log,
      purchaseTimeoutMs: deps.config.carrierPurchaseTimeoutMs,
      track: deps.lifecycle ? (what, work) => deps.lifecycle!.track(what, work) : undefined,
    });
  const liveRates = ratesFor(deps.providers.carriers);
  const testRates = ratesFor(sandboxCarriers);
  // A test key's orders see only the sandbox carriers; void and recovery of any shipment use them all.
  const liveOrders = ordersFor(deps.providers.carriers, liveRates);
  const testOrders = ordersFor(sandboxCarriers, testRates);
  const reads = createShipmentsService({
    db,
    clock: deps.clock,
    carriers: deps.providers.carriers,
    log,
    lifecycle: deps.lifecycle,
  });
  const addresses = createAddressService({ db, clock: deps.clock });
  const webhooks = webhooksServiceFor(deps, { info: () => undefined, error: (o, m) => log.error(o, m) });

  const isTest = (p: ApiKeyPrincipal) => p.key.mode === 'test';

  /**
   * A shipment of this user bought in this key's mode: a key sees only its own mode's shipments
   * (get, label, void, tracking, list), the other mode's answer 404 (review F); the web session sees both.
   */
  async function ownShipment(p: ApiKeyPrincipal, id: string) {
    if (!UUID.test(id)) throw notFound('Shipment not found');
    const row = await findOwnShipment(db, p.user.id, id, isTest(p));
    if (!row) throw notFound('Shipment not found');
    return row;
  }

  const routes: V1Route[] = [
    {
      method: 'POST',
      url: '/rates',
      operationId: 'getRates',
      summary: 'Quote every carrier for a parcel',
      tag: 'Rates',
      schema: { body: ZQuoteRequest, response: { 200: ZQuoteResponse, 502: ZQuoteFailure } },
      example: {
        fromAddress: EXAMPLE_ADDRESS_FROM,
        toAddress: EXAMPLE_ADDRESS_TO,
        packageDetails: { weight: 2, length: 30, width: 20, height: 10, type: 'package' },
      } satisfies TQuoteRequestInput,
      handler: async (request, reply, p) => {
        try {
          const { rates, warnings } = await (isTest(p) ? testRates : liveRates).quote(
            p.user.id,
            request.body as TQuoteRequest,
          );
          if (warnings.length > 0) reply.header(CARRIER_WARNINGS_HEADER, encodeWarningsHeader(warnings));
          return rates;
        } catch (err) {
          if (!(err instanceof NoRatesError)) throw err;
          return reply
            .code(502)
            .send({ message: err.message, code: err.code, warnings: err.warnings.map(toWireWarning) });
        }
      },
    },
    {
      method: 'POST',
      url: '/shipments',
      operationId: 'buyShipment',
      summary: 'Buy a label for a quoted rate (a live key pays from the wallet; a test key pays nothing)',
      tag: 'Shipments',
      schema: { body: ZCreateShipmentRequest, response: { 201: ZCreatedShipment } },
      handler: async (request, reply, p) => {
        const idem = request.headers['idempotency-key'];
        const created = await (isTest(p) ? testOrders : liveOrders).placeOrder(
          {
            userId: p.user.id,
            organizationId: p.user.organizationId,
            // The order's own replay key, apart from the web's keys of the same user; scoped to the
            // account and the key's mode (not the key), so a regenerated key cannot buy twice.
            idempotencyKey: typeof idem === 'string' ? `api:${p.key.mode}:${idem}` : null,
            ipAddress: request.ip,
            test: isTest(p),
          },
          request.body as TCreateShipmentRequest,
        );
        return reply.code(201).send(created);
      },
    },
    {
      method: 'GET',
      url: '/shipments',
      operationId: 'listShipments',
      summary: "List your shipments of this key's mode (live or test), newest first",
      tag: 'Shipments',
      schema: { querystring: ZShipmentListQuery, response: { 200: ZShipmentList } },
      handler: async (request, _reply, p) => {
        const query = request.query as TShipmentListQuery;
        // Only this key's mode: `test` asking for the other mode finds nothing.
        if (query.test !== undefined && query.test !== isTest(p)) {
          const { page, limit } = pageWindow(query);
          return { data: [], pagination: paginationOf(0, page, limit) };
        }
        return reads.list(p.user.id, { ...query, test: isTest(p) });
      },
    },
    {
      method: 'GET',
      url: '/shipments/:id',
      operationId: 'getShipment',
      summary: 'A shipment with its tracking events',
      tag: 'Shipments',
      schema: { params: ZId, response: { 200: ZShipmentDetail } },
      handler: async (request, _reply, p) => {
        const row = await ownShipment(p, (request.params as { id: string }).id);
        return reads.detail(p.user.id, row.id);
      },
    },
    {
      method: 'POST',
      url: '/shipments/:id/void',
      operationId: 'voidShipment',
      summary: 'Void an unused label (a live key is refunded to the wallet)',
      tag: 'Shipments',
      schema: { params: ZId, response: { 200: ZShipmentDetail } },
      handler: async (request, _reply, p) => {
        const row = await ownShipment(p, (request.params as { id: string }).id);
        await liveOrders.voidShipment(p.user.id, row.id, request.ip);
        return reads.detail(p.user.id, row.id);
      },
    },
    {
      method: 'GET',
      url: '/shipments/:id/label',
      operationId: 'getLabel',
      summary: 'The 4×6 label as a PDF (a test label says SPECIMEN)',
      tag: 'Shipments',
      schema: { params: ZId, response: {} },
      produces: 'application/pdf',
      handler: async (request, reply, p) => {
        const row = await ownShipment(p, (request.params as { id: string }).id);
        const pdf = await labelPdfOf(deps, row);
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="label-${row.trackingNumber ?? row.orderCode}.pdf"`)
          .send(pdf);
      },
    },
    {
      method: 'GET',
      url: '/tracking/:trackingNumber',
      operationId: 'track',
      summary: 'Tracking of one of your shipments by tracking number or order code',
      tag: 'Tracking',
      schema: { params: ZTrackingParams, response: { 200: ZTrackingLookup } },
      handler: async (request, _reply, p) => {
        return reads.track(p.user.id, (request.params as { trackingNumber: string }).trackingNumber, isTest(p));
      },
    },
    {
      method: 'GET',
      url: '/addresses',
      operationId: 'listAddresses',
      summary: 'The address book',
      tag: 'Addresses',
      schema: { response: { 200: ZAddressList } },
      handler: async (_request, _reply, p) => addresses.list(p.user.id),
    },
    {
      method: 'POST',
      url: '/addresses',
      operationId: 'createAddress',
      summary: 'Add an address',
      tag: 'Addresses',
      schema: { body: ZAddressRequest, response: { 201: ZAddress } },
      example: {
        name: 'Jean Receiver',
        address1: '1 Rue Sainte-Catherine',
        city: 'Montreal',
        province: 'QC',
        postalCode: 'H2X 1K4',
        country: 'CA',
        phone: '514-555-0199',
      } satisfies TAddressRequestInput,
      handler: async (request, reply, p) =>
        reply.code(201).send(await addresses.create(p.user.id, request.body as TAddressRequest)),
    },
    {
      method: 'GET',
      url: '/addresses/:id',
      operationId: 'getAddress',
      summary: 'One address',
      tag: 'Addresses',
      schema: { params: ZAddressId, response: { 200: ZAddress } },
      handler: async (request, _reply, p) => {
        const id = (request.params as { id: string }).id;
        const found = (await addresses.list(p.user.id)).find((a) => a.id === id);
        if (!found) throw notFound('Address not found');
        return found;
      },
    },
    {
      method: 'PUT',
      url: '/addresses/:id',
      operationId: 'updateAddress',
      summary: 'Replace an address',
      tag: 'Addresses',
      schema: { params: ZAddressId, body: ZAddressRequest, response: { 200: ZAddress } },
      handler: async (request, _reply, p) =>
        addresses.update(p.user.id, (request.params as { id: string }).id, request.body as TAddressRequest),
    },
    {
      method: 'DELETE',
      url: '/addresses/:id',
      operationId: 'deleteAddress',
      summary: 'Delete an address',
      tag: 'Addresses',
      schema: { params: ZAddressId, response: { 200: ZOkResponse } },
      handler: async (request, _reply, p) => {
        await addresses.remove(p.user.id, (request.params as { id: string }).id);
        return { ok: true as const };
      },
    },
    {
      method: 'GET',
      url: '/wallet',
      operationId: 'getWallet',
      summary: 'The wallet balance (CAD) and any hold',
      tag: 'Wallet',
      schema: { response: { 200: ZWallet } },
      handler: async (_request, _reply, p) => walletSummary(db, p.user.id),
    },
    {
      method: 'GET',
      url: '/wallet/transactions',
      operationId: 'listTransactions',
      summary: 'Wallet entries, newest first, a page at a time',
      tag: 'Wallet',
      schema: { querystring: ZTransactionsQuery, response: { 200: ZTransactionList } },
      handler: async (request, _reply, p) => {
        const { page, limit, offset } = pageWindow(request.query as { page?: number; limit?: number });
        const [rows, total] = await Promise.all([
          listTransactions(db, p.user.id, { limit, offset }),
          countTransactions(db, p.user.id),
        ]);
        return { data: rows.map(toWireTransaction), pagination: paginationOf(total, page, limit) };
      },
    },
    {
      method: 'POST',
      url: '/webhooks',
      operationId: 'createWebhook',
      summary: 'Add a webhook endpoint; the answer carries its signing secret, shown this once',
      tag: 'Webhooks',
      schema: { body: ZCreateWebhookRequest, response: { 201: ZCreatedWebhook } },
      example: {
        url: 'https://example.com/voyageur/webhooks',
        events: ['shipment.created', 'tracker.updated', 'shipment.delivered'],
      } satisfies TCreateWebhookRequest,
      handler: async (request, reply, p) =>
        reply.code(201).send(await webhooks.create(p.user.id, request.body as TCreateWebhookRequest)),
    },
    {
      method: 'GET',
      url: '/webhooks',
      operationId: 'listWebhooks',
      summary: 'Your webhook endpoints (without their secrets)',
      tag: 'Webhooks',
      schema: { response: { 200: ZWebhookList } },
      handler: async (_request, _reply, p) => webhooks.list(p.user.id),
    },
    {
      method: 'GET',
      url: '/webhooks/:id',
      operationId: 'getWebhook',
      summary: 'One webhook endpoint',
      tag: 'Webhooks',
      schema: { params: ZWebhookIdParams, response: { 200: ZWebhook } },
      handler: async (request, _reply, p) => webhooks.get(p.user.id, (request.params as { id: string }).id),
    },
    {
      method: 'PATCH',
      url: '/webhooks/:id',
      operationId: 'updateWebhook',
      summary: 'Change the URL or events, or turn the endpoint off or back on',
      tag: 'Webhooks',
      schema: { params: ZWebhookIdParams, body: ZUpdateWebhookRequest, response: { 200: ZWebhook } },
      handler: async (request, _reply, p) =>
        webhooks.update(p.user.id, (request.params as { id: string }).id, request.body as TUpdateWebhookRequest),
    },
    {
      method: 'DELETE',
      url: '/webhooks/:id',
      operationId: 'deleteWebhook',
      summary: 'Delete a webhook endpoint and its delivery log',
      tag: 'Webhooks',
      schema: { params: ZWebhookIdParams, response: { 200: ZOkResponse } },
      handler: async (request, _reply, p) => {
        await webhooks.remove(p.user.id, (request.params as { id: string }).id);
        return { ok: true as const };
      },
    },
    {
      method: 'POST',
      url: '/webhooks/:id/secret',
      operationId: 'rotateWebhookSecret',
      summary: 'Replace the signing secret; the answer carries the new one, shown this once',
      tag: 'Webhooks',
      schema: { params: ZWebhookIdParams, response: { 200: ZCreatedWebhook } },
      handler: async (request, _reply, p) => webhooks.rotateSecret(p.user.id, (request.params as { id: string }).id),
    },
    {
      method: 'POST',
      url: '/webhooks/:id/test',
      operationId: 'sendTestWebhook',
      summary: "Send a signed 'webhook.test' event to the endpoint now; answers the delivery",
      tag: 'Webhooks',
      schema: { params: ZWebhookIdParams, response: { 200: ZWebhookDelivery } },
      handler: async (request, _reply, p) => webhooks.sendTest(p.user.id, (request.params as { id: string }).id),
    },
    {
      method: 'GET',
      url: '/webhooks/:id/deliveries',
      operationId: 'listWebhookDeliveries',
      summary: 'The endpoint’s latest deliveries (time, event, status code, duration), newest first',
      tag: 'Webhooks',
      schema: { params: ZWebhookIdParams, response: { 200: ZWebhookDeliveryList } },
      handler: async (request, _reply, p) => webhooks.deliveries(p.user.id, (request.params as { id: string }).id),
    },
    {
      method: 'POST',
      url: '/webhooks/:id/deliveries/:deliveryId/resend',
      operationId: 'resendWebhookDelivery',
      summary: 'Send a logged event again now (same event id)',
      tag: 'Webhooks',
      schema: { params: ZWebhookDeliveryParams, response: { 200: ZWebhookDelivery } },
      handler: async (request, _reply, p) => {
        const params = request.params as { id: string; deliveryId: string };
        return webhooks.resend(p.user.id, params.id, params.deliveryId);
      },
    },
  ];
  return routes;
}
