/** Reads of issued tax documents, statements and the tax report (the triggers of migration 0017 write them). */
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { shipments, type ShipmentRow } from '../../db/schema/orders';

export type DocumentKind = 'receipt' | 'credit_note' | 'topup_receipt';

export type CustomerSnapshot = {
  name: string;
  email: string;
  organization: string;
  organizationAddress: string;
  billingAddress: {
    name?: string;
    company?: string;
    address1?: string;
    address2?: string;
    city?: string;
    province?: string;
    postalCode?: string;
    country?: string;
  } | null;
};

export type TaxDocumentRow = {
  id: string;
  kind: DocumentKind;
  number: string;
  userId: string;
  shipmentId: string | null;
  transactionId: string | null;
  refersTo: string | null;
  issuedAt: Date;
  customer: CustomerSnapshot;
  taxProvince: string | null;
  zeroRated: boolean;
  shippingCents: number;
  coverageCents: number;
  discountCents: number;
  subtotalCents: number;
  gstCents: number;
  hstCents: number;
  qstCents: number;
  totalCents: number;
};

type RawDoc = Record<string, unknown>;

function docOf(r: RawDoc): TaxDocumentRow {
  const n = (k: string) => Number(r[k] ?? 0);
  return {
    id: r.id as string,
    kind: r.kind as DocumentKind,
    number: r.number as string,
    userId: r.user_id as string,
    shipmentId: (r.shipment_id as string | null) ?? null,
    transactionId: (r.transaction_id as string | null) ?? null,
    refersTo: (r.refers_to as string | null) ?? null,
    issuedAt: new Date(r.issued_at as string),
    customer: (typeof r.customer === 'string' ? JSON.parse(r.customer) : r.customer) as CustomerSnapshot,
    taxProvince: (r.tax_province as string | null) ?? null,
    zeroRated: Boolean(r.zero_rated),
    shippingCents: n('shipping_cents'),
    coverageCents: n('coverage_cents'),
    discountCents: n('discount_cents'),
    subtotalCents: n('subtotal_cents'),
    gstCents: n('gst_cents'),
    hstCents: n('hst_cents'),
    qstCents: n('qst_cents'),
    totalCents: n('total_cents'),
  };
}

/**
 * Numbers every receipt issued but not yet numbered, oldest first, in one statement of its own
 * (migration 0042, decision 062): an order's receipt is written without its number, so that no
 * order's transaction waits on the series' counter. Called after an order's answer, and by any read
 * that finds a receipt waiting (`readNumbered`), so none is ever shown or mailed without its number.
 * Answers how many it numbered; with none waiting it takes no lock and writes nothing.
 */
export async function numberReceipts(db: Db): Promise<number> {
  const [row] = rowsOf<{ numbered: number | string }>(await db.execute(sql`select number_receipts() as numbered`));
  return Number(row?.numbered ?? 0);
}

/**
 * `read`, and when what it read holds a receipt still waiting for its number (`waiting`), the
 * waiting receipts numbered and `read` again: a receipt seen by the first read was committed before
 * the numbering began, so the second sees its number. Most reads find none waiting and cost nothing more.
 */
async function readNumbered<T>(db: Db, read: () => Promise<T>, waiting: (value: T) => boolean): Promise<T> {
  const first = await read();
  if (!waiting(first)) return first;
  await numberReceipts(db);
  return read();
}

const unnumbered = (doc: RawDoc | null | undefined) => Boolean(doc) && doc!.number == null;

/** The user's shipment (null for another user's or none). */
export async function userShipment(db: Db, userId: string, id: string): Promise<ShipmentRow | null> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.id, id), eq(shipments.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function shipmentDocument(
  db: Db,
  userId: string,
  shipmentId: string,
  kind: 'receipt' | 'credit_note',
): Promise<TaxDocumentRow | null> {
  const [row] = await readNumbered(
    db,
    async () =>
      rowsOf<RawDoc>(
        await db.execute(
          sql`select * from tax_documents where user_id = ${userId} and shipment_id = ${shipmentId} and kind = ${kind}`,
        ),
      ),
    ([doc]) => unnumbered(doc),
  );
  return row ? docOf(row) : null;
}

/**
 * A receipt or credit note of the user's, with its shipment and, for a credit note, the receipt it
 * refers to: what the document's mail is written from, in one statement (decision 058). `also`, when
 * given, is one more column read in the same statement (the mail's recipient, decision 059). Null
 * when the document is another user's, has no shipment, or its shipment is gone.
 */
export async function orderDocumentWithShipment<Also = never>(
  db: Db,
  userId: string,
  documentId: string,
  also?: SQL<Also>,
): Promise<{ doc: TaxDocumentRow; shipment: ShipmentRow; receipt: TaxDocumentRow | null; also: Also | null } | null> {
  const [row] = await readNumbered(
    db,
    () =>
      db
        .select({
          shipment: getTableColumns(shipments),
          doc: sql<RawDoc>`to_jsonb(d)`,
          receipt: sql<RawDoc | null>`(select to_jsonb(r) from tax_documents r where r.id = d.refers_to)`,
          also: also ?? sql<null>`null`,
        })
        .from(shipments)
        .innerJoin(sql`tax_documents d`, sql`d.shipment_id = ${shipments.id}`)
        .where(and(sql`d.id = ${documentId}`, sql`d.user_id = ${userId}`, eq(shipments.userId, userId)))
        .limit(1),
    ([found]) => unnumbered(found?.doc) || unnumbered(found?.receipt),
  );
  if (!row) return null;
  return {
    doc: docOf(row.doc),
    shipment: row.shipment,
    receipt: row.receipt ? docOf(row.receipt) : null,
    also: (row.also ?? null) as Also | null,
  };
}

export async function documentById(db: Db, id: string): Promise<TaxDocumentRow | null> {
  const [row] = await readNumbered(
    db,
    async () => rowsOf<RawDoc>(await db.execute(sql`select * from tax_documents where id = ${id}`)),
    ([doc]) => unnumbered(doc),
  );
  return row ? docOf(row) : null;
}

export async function transactionDocument(
  db: Db,
  userId: string,
  transactionId: string,
): Promise<{ doc: TaxDocumentRow; type: string } | null> {
  const rows = rowsOf<RawDoc & { tx_type: string }>(
    await db.execute(sql`
      select d.*, t.type as tx_type from tax_documents d
      join wallet_transactions t on t.id = d.transaction_id
      where d.user_id = ${userId} and d.transaction_id = ${transactionId}`),
  );
  return rows[0] ? { doc: docOf(rows[0]), type: rows[0].tx_type } : null;
}

/**
 * A wallet entry `t`'s document columns, and the `from` they need: its document's number (the order's
 * receipt for its charge, the credit note for a void's refund, the prepayment receipt for a top-up),
 * whether its order receipt is written but still waiting for its number (decision 062), and its
 * shipment's tax split for a shipping charge or its refund.
 */
const ENTRY_DOCUMENT = sql`
             coalesce(
               (select d.number from tax_documents d where d.transaction_id = t.id),
               case when t.type = 'shipping_charge' and t.shipment_id is not null
                    then (select d.number from tax_documents d where d.shipment_id = t.shipment_id and d.kind = 'receipt')
                    when t.type = 'refund' and t.shipment_id is not null
                    then (select d.number from tax_documents d where d.shipment_id = t.shipment_id and d.kind = 'credit_note')
               end) as receipt_number,
             (t.type = 'shipping_charge' and t.shipment_id is not null and exists (
               select 1 from tax_documents w where w.shipment_id = t.shipment_id and w.kind = 'receipt' and w.seq is null
             )) as waiting,
             s.price_cents, s.gst_cents, s.hst_cents, s.qst_cents
      from wallet_transactions t
      left join shipments s on s.id = t.shipment_id and t.type in ('shipping_charge', 'refund')
        and s.total_cents = t.amount_cents and not s.test
        and t.idempotency_key is distinct from ('duties:' || s.id::text)
        and t.idempotency_key is distinct from ('refund-duties:' || s.id::text)`;

type EntryDocumentRow = {
  waiting: boolean;
  receipt_number: string | null;
  price_cents: string | number | null;
  gst_cents: string | number | null;
  hst_cents: string | number | null;
  qst_cents: string | number | null;
};

/** Reads entries with ENTRY_DOCUMENT's columns, again once their waiting receipts are numbered. */
const readEntries = <R extends EntryDocumentRow>(db: Db, query: SQL) =>
  readNumbered(
    db,
    async () => rowsOf<R>(await db.execute(query)),
    (found) => found.some((r) => r.waiting),
  );

function entryDocument(r: EntryDocumentRow): TransactionDocument {
  return {
    receiptNumber: r.receipt_number,
    split:
      r.price_cents === null
        ? null
        : {
            preTaxCents: Number(r.price_cents),
            gstCents: Number(r.gst_cents ?? 0),
            hstCents: Number(r.hst_cents ?? 0),
            qstCents: Number(r.qst_cents ?? 0),
          },
  };
}

export type StatementEntry = {
  id: string;
  createdAt: Date;
  type: string;
  direction: 'credit' | 'debit';
  status: string;
  settled: boolean;
  amountCents: number;
  balanceAfterCents: number;
  description: string;
  reference: string | null;
  receiptNumber: string | null;
  /** The shipment's tax split, for a shipping charge or its refund; null for other entries. */
  split: { preTaxCents: number; gstCents: number; hstCents: number; qstCents: number } | null;
};

/**
 * The wallet's entries written in [start, end), in order of entry, with each one's document number
 * (the order's receipt for its charge, the credit note for a void's refund, the prepayment receipt
 * for a top-up) and tax split; and the opening balance (completed entries before start).
 */
export async function statementOf(
  db: Db,
  userId: string,
  start: Date,
  end: Date,
): Promise<{ openingCents: number; entries: StatementEntry[] }> {
  const [open] = rowsOf<{ cents: string | number | null }>(
    await db.execute(sql`
      select sum(case when direction = 'credit' then amount_cents else -amount_cents end) as cents
      from wallet_transactions
      where user_id = ${userId} and status = 'completed' and created_at < ${start.toISOString()}::timestamptz`),
  );
  const rows = await readEntries<
    EntryDocumentRow & {
      id: string;
      created_at: string | Date;
      type: string;
      direction: 'credit' | 'debit';
      status: string;
      settled_at: string | Date | null;
      amount_cents: string | number;
      balance_after_cents: string | number;
      description: string;
      reference: string | null;
    }
  >(
    db,
    sql`
      select t.id, t.created_at, t.type, t.direction, t.status, t.settled_at, t.amount_cents, t.balance_after_cents,
             t.description, t.reference,
             ${ENTRY_DOCUMENT}
      where t.user_id = ${userId} and t.created_at >= ${start.toISOString()}::timestamptz
        and t.created_at < ${end.toISOString()}::timestamptz
      order by t.seq`,
  );
  return {
    openingCents: Number(open?.cents ?? 0),
    entries: rows.map((r) => ({
      id: r.id,
      createdAt: new Date(r.created_at),
      type: r.type,
      direction: r.direction,
      status: r.status,
      settled: r.settled_at !== null,
      amountCents: Number(r.amount_cents),
      balanceAfterCents: Number(r.balance_after_cents),
      description: r.description,
      reference: r.reference,
      ...entryDocument(r),
    })),
  };
}

export type TaxReportRow = {
  kind: 'receipt' | 'credit_note';
  province: string | null;
  zeroRated: boolean;
  count: number;
  subtotalCents: number;
  gstCents: number;
  hstCents: number;
  qstCents: number;
};

/**
 * Receipts and credit notes issued in [start, end), summed by kind, province and zero rating. A test-mode
 * order's documents (issued on a development database before migration 0022) are left out.
 */
export async function taxReportRows(db: Db, start: Date, end: Date): Promise<TaxReportRow[]> {
  const rows = rowsOf<{
    kind: 'receipt' | 'credit_note';
    tax_province: string | null;
    zero_rated: boolean;
    n: string | number;
    subtotal: string | number;
    gst: string | number;
    hst: string | number;
    qst: string | number;
  }>(
    await db.execute(sql`
      select kind, tax_province, zero_rated, count(*) as n, sum(subtotal_cents) as subtotal,
             sum(gst_cents) as gst, sum(hst_cents) as hst, sum(qst_cents) as qst
      from tax_documents d
      where kind in ('receipt', 'credit_note') and issued_at >= ${start.toISOString()}::timestamptz
        and not exists (select 1 from shipments s where s.id = d.shipment_id and s.test)
        and issued_at < ${end.toISOString()}::timestamptz
      group by kind, tax_province, zero_rated
      order by kind, tax_province`),
  );
  return rows.map((r) => ({
    kind: r.kind,
    province: r.tax_province,
    zeroRated: Boolean(r.zero_rated),
    count: Number(r.n),
    subtotalCents: Number(r.subtotal),
    gstCents: Number(r.gst),
    hstCents: Number(r.hst),
    qstCents: Number(r.qst),
  }));
}

export type TransactionDocument = {
  receiptNumber: string | null;
  split: StatementEntry['split'];
};

/**
 * Each entry's document number and tax split (as the statement has them), for a page of the
 * wallet's history: one query over the page's ids.
 */
export async function transactionDocuments(
  db: Db,
  userId: string,
  entries: readonly { id: string }[],
): Promise<Map<string, TransactionDocument>> {
  const out = new Map<string, TransactionDocument>();
  if (entries.length === 0) return out;
  const rows = await readEntries<EntryDocumentRow & { id: string }>(
    db,
    sql`
      select t.id,
             ${ENTRY_DOCUMENT}
      where t.user_id = ${userId} and t.id in (${sql.join(
        entries.map((e) => sql`${e.id}::uuid`),
        sql`, `,
      )})`,
  );
  for (const r of rows) out.set(r.id, entryDocument(r));
  return out;
}

/** The customer as a document names them now (migration 0017's tax_document_customer). */
export async function customerSnapshot(db: Db, userId: string): Promise<CustomerSnapshot | null> {
  const [row] = rowsOf<{ customer: CustomerSnapshot | string | null }>(
    await db.execute(sql`select tax_document_customer(${userId}::uuid) as customer`),
  );
  const c = row?.customer;
  if (!c) return null;
  return typeof c === 'string' ? (JSON.parse(c) as CustomerSnapshot) : c;
}
