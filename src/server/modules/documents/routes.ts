/**
 * Receipts, credit notes, statements and the tax report (issue 27, decision 025; contracts/documents.ts).
 * PDFs are drawn on the worker pool; another user's shipment or entry answers 404.
 */
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import type { App, AppDeps } from '../../deps';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { ErrorCode } from '../../../shared/errors';
import { businessDate } from '../../../shared/taxes';
import { ZIdParams } from '../../../shared/contracts/admin';
import {
  ZOperatorIdentity,
  ZStatementParams,
  ZStatementQuery,
  ZTaxReportQuery,
} from '../../../shared/contracts/documents';
import { adminOnly, requireUser, signedIn } from '../auth/session';
import type { DocumentModel } from '../../documents/render-document';
import * as repo from './repo';
import {
  nextDay,
  nextMonth,
  orderDocumentModel,
  statementCsv,
  statementModel,
  taxReportCsv,
  taxReportOf,
  topupDocumentModel,
  torontoStart,
} from './compose';

export function registerDocuments(root: App, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const business = deps.config.business;

  /** Draws the PDF on the worker pool, queued fairly under the requesting account (like labels). */
  async function sendPdf(reply: FastifyReply, model: DocumentModel, fileName: string, account: string) {
    const pdf = await deps.providers.workers.runTask('renderDocument', model, { account });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(Buffer.from(pdf));
  }

  async function orderDocument(userId: string, shipmentId: string, kind: 'receipt' | 'credit_note') {
    const shipment = await repo.userShipment(db, userId, shipmentId);
    if (!shipment) throw notFound('Shipment not found');
    if (shipment.test) {
      // Bought with a test API key (decision 027): nothing was charged, so no receipt or credit note.
      throw notFound(
        'A test-mode order (bought with a test API key) has no receipt or credit note: nothing was charged',
      );
    }
    const doc = await repo.shipmentDocument(db, userId, shipmentId, kind);
    if (!doc) {
      throw notFound(
        kind === 'receipt'
          ? 'This order has no receipt: it was not completed (nothing was charged in the end)'
          : 'This order has no credit note: its label was not voided',
      );
    }
    const receipt = kind === 'credit_note' && doc.refersTo ? await repo.documentById(db, doc.refersTo) : null;
    return { model: orderDocumentModel(business, doc, shipment, receipt), number: doc.number };
  }

  app.get('/api/shipments/:id/receipt', { ...signedIn, schema: { params: ZIdParams } }, async (request, reply) => {
    const userId = requireUser(request).id;
    const { model, number } = await orderDocument(userId, request.params.id, 'receipt');
    return sendPdf(reply, model, `receipt-${number}.pdf`, userId);
  });

  app.get('/api/shipments/:id/credit-note', { ...signedIn, schema: { params: ZIdParams } }, async (request, reply) => {
    const userId = requireUser(request).id;
    const { model, number } = await orderDocument(userId, request.params.id, 'credit_note');
    return sendPdf(reply, model, `credit-note-${number}.pdf`, userId);
  });

  app.get('/api/transactions/:id/receipt', { ...signedIn, schema: { params: ZIdParams } }, async (request, reply) => {
    const userId = requireUser(request).id;
    const found = await repo.transactionDocument(db, userId, request.params.id);
    if (!found) throw notFound('No receipt for this entry (receipts are issued for top-ups and card charges)');
    return sendPdf(
      reply,
      topupDocumentModel(business, found.doc, found.type),
      `receipt-${found.doc.number}.pdf`,
      userId,
    );
  });

  app.get(
    '/api/statements/:month',
    { ...signedIn, schema: { params: ZStatementParams, querystring: ZStatementQuery } },
    async (request, reply) => {
      const user = requireUser(request);
      const month = request.params.month;
      const now = deps.clock.now();
      if (month > businessDate(now).slice(0, 7)) throw badRequest('month', 'month must not be in the future');
      if (month < '2000-01') throw badRequest('month', 'month must be 2000-01 or later');
      const start = torontoStart(`${month}-01`);
      const end = torontoStart(`${nextMonth(month)}-01`);
      // The month in progress closes today (Toronto), not on its last day still to come.
      const lastDay = [businessDate(new Date(end.getTime() - 1)), businessDate(now)].sort()[0]!;
      const { openingCents, entries } = await repo.statementOf(db, user.id, start, end);
      if (request.query.format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="statement-${month}.csv"`)
          .send(statementCsv(month, lastDay, openingCents, entries));
      }
      const customer = await repo.customerSnapshot(db, user.id);
      if (!customer) throw notFound('User not found');
      return sendPdf(
        reply,
        statementModel(business, customer, month, lastDay, openingCents, entries, now),
        `statement-${month}.pdf`,
        user.id,
      );
    },
  );

  app.get('/api/admin/operator', { ...adminOnly, schema: { response: { 200: ZOperatorIdentity } } }, async () => ({
    name: business.name,
    address: business.address,
    gstHstNumber: business.gstHstNumber,
    qstNumber: business.qstNumber,
    taxInvoice: business.taxInvoice,
  }));

  app.get(
    '/api/admin/tax-report',
    { ...adminOnly, schema: { querystring: ZTaxReportQuery } },
    async (request, reply) => {
      const { from, to, format } = request.query;
      if (Date.parse(to) - Date.parse(from) > 366 * 86_400_000 * 5) {
        throw new AppError(400, 'The period may span at most five years', ErrorCode.VALIDATION_ERROR, {
          to: ['The period may span at most five years'],
        });
      }
      const rows = await repo.taxReportRows(db, torontoStart(from), torontoStart(nextDay(to)));
      const report = taxReportOf(from, to, rows);
      if (format === 'json') return report;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tax-report-${from}-to-${to}.csv"`)
        .send(taxReportCsv(report));
    },
  );
}
