/**
 * The bulk-import API (issue 29, decision 028); the contract and its list of routes are in
 * shared/contracts/bulk-imports.ts.
 */
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App, AppDeps } from '../../deps';
import { badRequest } from '../../lib/errors';
import {
  ZBulkImportDetail,
  ZBulkImportList,
  ZBulkImportRow,
  ZBulkLabelsQuery,
  ZBulkQuoteRequest,
  ZCreateBulkImport,
  ZPatchBulkRow,
} from '../../../shared/contracts/bulk-imports';
import { IDEMPOTENCY_KEY_HEADER, ZIdempotencyKey } from '../../../shared/contracts/shipments';
import { requireUser, signedIn } from '../auth/session';
import { ordersServiceFor } from '../../services';
import { createBulkImportService, type BulkImportService } from './service';
import { BULK_MULTIPART_LIMITS, asFileFieldError, readMultipartUpload } from './multipart';

const ZId = z.object({ id: z.string().max(64) });
const ZRowParams = z.object({
  id: z.string().max(64),
  n: z.coerce.number({ error: 'Row must be a number' }).int('Row must be a whole number').min(1).max(100_000),
});

/** The files this module answers are the batch's own: the filename without its extension, made safe. */
const baseName = (filename: string) =>
  filename
    .replace(/\.[^.]*$/, '')
    .replace(/[^\w.-]+/g, '_')
    .slice(0, 80) || 'bulk-import';

type Log = { warn(o: object, m: string): void; error(o: object, m: string): void };

/** A bulk-import service over these dependencies, buying through the orders saga as POST /api/shipments does. */
export function bulkImportServiceFor(deps: AppDeps, log: Log): BulkImportService {
  return createBulkImportService(deps, ordersServiceFor(deps, log), log);
}

export function registerBulkImports(root: App, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = bulkImportServiceFor(deps, app.log);

  app.get('/api/bulk-imports/template.csv', { ...signedIn }, async (_request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="voyageur-bulk-import-template.csv"')
      .send(await service.templateCsv()),
  );

  // JSON, or multipart/form-data with the file in `file` (decision 038): the multipart parser is
  // registered for this route's context alone; the upload becomes the JSON body before validation.
  root.register(async (scope) => {
    await scope.register(multipart, { limits: BULK_MULTIPART_LIMITS });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/bulk-imports',
      // A 5 MB file as base64 in JSON.
      {
        preValidation: [signedIn.preValidation, readMultipartUpload],
        bodyLimit: 8 * 1024 * 1024,
        schema: { body: ZCreateBulkImport, response: { 201: ZBulkImportDetail } },
      },
      async (request, reply) => {
        const user = requireUser(request);
        try {
          return reply.code(201).send(await service.create(user.id, request.body));
        } catch (error) {
          // An upload's problems with the file (too many rows, not a CSV) name its form field.
          throw request.isMultipart() ? asFileFieldError(error) : error;
        }
      },
    );
  });

  app.get('/api/bulk-imports', { ...signedIn, schema: { response: { 200: ZBulkImportList } } }, async (request) => ({
    items: await service.list(requireUser(request).id),
  }));

  app.get(
    '/api/bulk-imports/:id',
    {
      ...signedIn,
      schema: {
        params: ZId,
        querystring: z.strictObject({ rows: z.enum(['all', 'none']).default('all') }),
        response: { 200: ZBulkImportDetail },
      },
    },
    async (request) => service.get(requireUser(request).id, request.params.id, request.query.rows === 'all'),
  );

  app.patch(
    '/api/bulk-imports/:id/rows/:n',
    { ...signedIn, schema: { params: ZRowParams, body: ZPatchBulkRow, response: { 200: ZBulkImportRow } } },
    async (request) => service.patchRow(requireUser(request).id, request.params.id, request.params.n, request.body),
  );

  app.post(
    '/api/bulk-imports/:id/quote',
    { ...signedIn, schema: { params: ZId, body: ZBulkQuoteRequest, response: { 200: ZBulkImportDetail } } },
    async (request) => service.quote(requireUser(request).id, request.params.id, request.body),
  );

  app.post(
    '/api/bulk-imports/:id/purchase',
    { ...signedIn, schema: { params: ZId, response: { 202: ZBulkImportDetail } } },
    async (request, reply) => {
      const user = requireUser(request);
      const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (raw === undefined) throw badRequest('Idempotency-Key', 'Idempotency-Key is required');
      const parsed = ZIdempotencyKey.safeParse(Array.isArray(raw) ? raw.join(',') : raw);
      if (!parsed.success) throw badRequest('Idempotency-Key', parsed.error.issues[0]!.message);
      return reply.code(202).send(await service.purchase(user.id, request.params.id, parsed.data));
    },
  );

  app.post(
    '/api/bulk-imports/:id/cancel',
    { ...signedIn, schema: { params: ZId, response: { 200: ZBulkImportDetail } } },
    async (request) => service.cancel(requireUser(request).id, request.params.id),
  );

  app.get(
    '/api/bulk-imports/:id/labels',
    { ...signedIn, schema: { params: ZId, querystring: ZBulkLabelsQuery } },
    async (request, reply) => {
      const user = requireUser(request);
      const batch = await service.get(user.id, request.params.id, false);
      const labels = await service.labels(user.id, request.params.id, request.query.format);
      if (typeof labels === 'string') {
        return reply
          .type('application/zpl; charset=utf-8')
          .header('content-disposition', `attachment; filename="${baseName(batch.filename)}-labels.zpl"`)
          .send(labels);
      }
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${baseName(batch.filename)}-labels.pdf"`)
        .send(Buffer.from(labels));
    },
  );

  app.get('/api/bulk-imports/:id/results.csv', { ...signedIn, schema: { params: ZId } }, async (request, reply) => {
    const user = requireUser(request);
    const batch = await service.get(user.id, request.params.id, false);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${baseName(batch.filename)}-results.csv"`)
      .send(await service.resultsCsv(user.id, request.params.id));
  });
}
