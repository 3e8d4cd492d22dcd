import { describe, expect, it } from 'vitest';
import type { TTransaction } from '../../../shared/contracts/wallet';
import { csvCell } from '../../../shared/csv-cell';
import {
  csvDate,
  csvFileName,
  activeFilterCount,
  filterByType,
  filterTransactions,
  inMonth,
  mayHaveMoreFrom,
  NO_FILTER,
  torontoDay,
  type HistoryFilter,
  mayHaveMoreOfMonth,
  monthName,
  movedCents,
  movedMoney,
  signedCents,
  statusBadgeClass,
  torontoMonth,
  transactionsCsv,
  type CsvLabels,
} from './transactions';
import { describeTransaction } from './transactions';
import en from '../../locales/en.json';
import zh from '../../locales/zh.json';

let n = 0;
function tx(partial: Partial<TTransaction>): TTransaction {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    type: 'shipping_charge',
    status: 'completed',
    amount: '10.00',
    direction: 'debit',
    balanceAfter: '90.00',
    description: 'Shipping charge',
    reference: null,
    shipmentId: null,
    createdAt: '2026-03-10T15:00:00.000Z',
    ...partial,
  };
}

describe('Toronto months', () => {
  it('a UTC instant belongs to the Toronto month it falls in', () => {
    // 2026-04-01 03:30 UTC is still March 31 in Toronto (EDT, UTC-4).
    expect(torontoMonth('2026-04-01T03:30:00Z')).toBe('2026-03');
    expect(torontoMonth('2026-04-01T04:00:00Z')).toBe('2026-04');
    // January (EST, UTC-5).
    expect(torontoMonth('2026-02-01T04:59:59Z')).toBe('2026-01');
    expect(torontoMonth('2026-02-01T05:00:00Z')).toBe('2026-02');
  });

  it('the Toronto month of now holds only its own entries', () => {
    const now = new Date('2026-03-31T23:00:00-04:00');
    const list = [
      tx({ amount: '12.34', createdAt: '2026-04-01T03:00:00Z' }), // March 31, 23:00 in Toronto
      tx({ amount: '5.00', createdAt: '2026-03-01T05:00:00Z' }), // March 1, 00:00 in Toronto
      tx({ amount: '7.00', createdAt: '2026-03-01T04:59:00Z' }), // February 28 in Toronto
      tx({ amount: '100.00', type: 'topup', direction: 'credit' }),
      tx({ amount: '3.00', type: 'refund', direction: 'credit' }),
      tx({ amount: '9.99', status: 'failed' }),
      tx({ amount: '1.11', status: 'pending' }),
    ];
    expect(inMonth(list, now)).toHaveLength(6);
    expect(inMonth(list, now).map((t) => t.amount)).not.toContain('7.00');
    expect(inMonth([], now)).toEqual([]);
  });

  it('a newest-first list may hold more of this month until its oldest entry is older', () => {
    const now = new Date('2026-03-15T12:00:00Z');
    expect(mayHaveMoreOfMonth([], now)).toBe(true);
    expect(mayHaveMoreOfMonth([tx({ createdAt: '2026-03-02T12:00:00Z' })], now)).toBe(true);
    expect(
      mayHaveMoreOfMonth([tx({ createdAt: '2026-03-02T12:00:00Z' }), tx({ createdAt: '2026-02-27T12:00:00Z' })], now),
    ).toBe(false);
  });

  it('month names in English and Chinese', () => {
    const now = new Date('2026-03-15T12:00:00Z');
    expect(monthName(now, 'en')).toBe('March');
    expect(monthName(now, 'zh')).toBe('三月');
  });
});

describe('amounts and filters', () => {
  it('debits are negative', () => {
    expect(signedCents({ amount: '12.34', direction: 'debit' })).toBe(-1234);
    expect(signedCents({ amount: '12.34', direction: 'credit' })).toBe(1234);
  });
  it('filters by type', () => {
    const list = [tx({ type: 'topup' }), tx({ type: 'refund' }), tx({ type: 'topup' })];
    expect(filterByType(list, 'all')).toHaveLength(3);
    expect(filterByType(list, 'topup').map((t) => t.type)).toEqual(['topup', 'topup']);
    expect(filterByType(list, 'adjustment')).toEqual([]);
  });

  it('Toronto calendar days', () => {
    expect(torontoDay('2026-04-01T03:30:00Z')).toBe('2026-03-31');
    expect(torontoDay('2026-04-01T04:00:00Z')).toBe('2026-04-01');
    expect(torontoDay('2026-01-16T04:59:59Z')).toBe('2026-01-15');
  });

  it('filters by type, status and a range of Toronto days (both ends included)', () => {
    const a = tx({ type: 'topup', direction: 'credit', createdAt: '2026-03-01T05:00:00Z' }); // Mar 1 00:00 Toronto
    const b = tx({ type: 'topup', status: 'failed', direction: 'credit', createdAt: '2026-03-10T15:00:00Z' });
    const c = tx({ createdAt: '2026-04-01T03:59:00Z' }); // Mar 31 23:59 Toronto
    const d = tx({ status: 'pending', createdAt: '2026-04-01T04:00:00Z' }); // Apr 1 Toronto
    const list = [d, c, b, a];
    const only = (f: Partial<HistoryFilter>) => filterTransactions(list, { ...NO_FILTER, ...f });
    expect(only({})).toEqual(list);
    expect(only({ type: 'topup' })).toEqual([b, a]);
    expect(only({ status: 'completed' })).toEqual([c, a]);
    expect(only({ type: 'topup', status: 'completed' })).toEqual([a]);
    expect(only({ from: '2026-03-01', to: '2026-03-31' })).toEqual([c, b, a]);
    expect(only({ from: '2026-03-02' })).toEqual([d, c, b]);
    expect(only({ to: '2026-03-01' })).toEqual([a]);
    expect(only({ from: '2026-04-01', to: '2026-04-01' })).toEqual([d]);
    // Reversed ends are read in order; an unreadable day is no limit.
    expect(only({ from: '2026-03-31', to: '2026-03-10' })).toEqual([c, b]);
    expect(only({ from: 'soon' })).toEqual(list);
  });

  it('counts the filters in use', () => {
    expect(activeFilterCount(NO_FILTER)).toBe(0);
    expect(activeFilterCount({ ...NO_FILTER, type: 'refund' })).toBe(1);
    expect(activeFilterCount({ type: 'refund', status: 'failed', from: '2026-03-01', to: '2026-03-02' })).toBe(3);
    expect(activeFilterCount({ ...NO_FILTER, to: '2026-03-02' })).toBe(1);
  });

  it("a newest-first list may hold more from a 'from' day until its oldest entry is older", () => {
    const range = { from: '2026-03-10', to: '' };
    expect(mayHaveMoreFrom([], range)).toBe(true);
    expect(mayHaveMoreFrom([tx({ createdAt: '2026-03-10T15:00:00Z' })], range)).toBe(true);
    expect(mayHaveMoreFrom([tx({ createdAt: '2026-03-09T15:00:00Z' })], range)).toBe(false);
    expect(mayHaveMoreFrom([tx({ createdAt: '2026-03-10T15:00:00Z' })], { from: '', to: '2026-03-12' })).toBe(false);
  });
});

describe('CSV export', () => {
  const labels: CsvLabels = {
    columns: {
      date: 'Date (Toronto)',
      description: 'Description',
      type: 'Type',
      direction: 'Direction',
      amount: 'Amount (CAD)',
      status: 'Status',
      balanceAfter: 'Balance after (CAD)',
    },
    description: (tx) => tx.description,
    type: (t) => ({ topup: 'Top-up', shipping_charge: 'Shipping charge' })[t as 'topup'] ?? t,
    direction: (d) => (d === 'debit' ? 'Debit' : 'Credit'),
    status: (s) => (s === 'completed' ? 'Completed' : s),
  };

  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  });

  it('writes a header and one row per transaction, dated in Toronto, amounts positive with their direction', () => {
    const csv = transactionsCsv(
      [
        tx({
          amount: '20.91',
          balanceAfter: '79.09',
          description: 'Order VY-7K3M9Q2X, Canada Post',
          createdAt: '2026-04-01T03:30:00Z',
        }),
        tx({ type: 'topup', direction: 'credit', amount: '100.00', balanceAfter: '100.00', description: '=cmd|x' }),
      ],
      labels,
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Date (Toronto),Description,Type,Direction,Amount (CAD),Status,Balance after (CAD)',
      '2026-03-31 23:30:00,"Order VY-7K3M9Q2X, Canada Post",Shipping charge,Debit,20.91,Completed,79.09',
      "2026-03-10 11:00:00,'=cmd|x,Top-up,Credit,100.00,Completed,100.00",
      '',
    ]);
  });

  it('adds the receipt number and the tax split after the seven columns', () => {
    const csv = transactionsCsv(
      [
        tx({
          amount: '21.63',
          balanceAfter: '78.37',
          description: 'Order VY-1',
          createdAt: '2026-04-01T03:30:00Z',
          receiptNumber: 'R-000003',
          tax: { preTax: '18.81', gst: '0.94', hst: '0.00', qst: '1.88' },
        }),
        tx({ type: 'adjustment', direction: 'credit', amount: '5.00', balanceAfter: '83.37', description: 'Gift' }),
      ],
      {
        ...labels,
        taxColumns: { receiptNumber: 'Receipt number', preTax: 'Before tax', gst: 'GST', hst: 'HST', qst: 'QST' },
      },
    );
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Date (Toronto),Description,Type,Direction,Amount (CAD),Status,Balance after (CAD),Receipt number,Before tax,GST,HST,QST',
      '2026-03-31 23:30:00,Order VY-1,Shipping charge,Debit,21.63,Completed,78.37,R-000003,18.81,0.94,0.00,1.88',
      '2026-03-10 11:00:00,Gift,adjustment,Credit,5.00,Completed,83.37,,,,,',
      '',
    ]);
  });

  it('dates and file names', () => {
    expect(csvDate('2026-01-15T17:05:09Z')).toBe('2026-01-15 12:05:09');
    expect(csvFileName('transactions', new Date('2026-04-01T03:30:00Z'))).toBe('transactions-2026-03-31.csv');
  });
});

describe('describeTransaction', () => {
  const t = (key: string, o?: Record<string, unknown>) => (o ? `${key}:${JSON.stringify(o)}` : key);
  /** The Chinese texts as i18next reads them: nested keys, {{x}} filled, objects on returnObjects. */
  const zhT = (key: string, o?: Record<string, unknown>): string => {
    const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], zh);
    if (found && typeof found === 'object' && o?.returnObjects) return found as unknown as string;
    if (typeof found !== 'string') return typeof o?.defaultValue === 'string' ? o.defaultValue : key;
    return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(o?.[name] ?? ''));
  };
  it('keeps the server text in English and builds the Chinese one from the order code', () => {
    const charge = { type: 'shipping_charge' as const, description: 'UPS Standard — order VY-1', reference: 'VY-1' };
    expect(describeTransaction(charge, t, 'en')).toBe('UPS Standard — order VY-1');
    expect(describeTransaction(charge, zhT, 'zh')).toBe('运费（UPS Standard 标准）— 订单 VY-1');
    expect(describeTransaction({ ...charge, type: 'refund' }, t, 'zh')).toBe('wallet.describe.refund:{"order":"VY-1"}');
  });
  it('names the carrier once in English, even in a charge stored with it twice', () => {
    const stored = {
      type: 'shipping_charge' as const,
      description: 'UPS UPS Standard — order VY-1',
      reference: 'VY-1',
    };
    expect(describeTransaction(stored, t, 'en')).toBe('UPS Standard — order VY-1');
    expect(describeTransaction({ ...stored, description: 'FedEx FedEx Ground — order VY-1' }, t, 'en')).toBe(
      'FedEx Ground — order VY-1',
    );
    expect(
      describeTransaction({ ...stored, description: 'Canada Post Canada Post Expedited Parcel — order VY-1' }, t, 'en'),
    ).toBe('Canada Post Expedited Parcel — order VY-1');
    expect(describeTransaction({ ...stored, description: 'Canada Post Regular Parcel — order VY-1' }, t, 'en')).toBe(
      'Canada Post Regular Parcel — order VY-1',
    );
    expect(describeTransaction(stored, zhT, 'zh')).toBe('运费（UPS Standard 标准）— 订单 VY-1');
    // An administrator's own words are theirs, whatever they repeat.
    const adj = { type: 'adjustment' as const, description: 'UPS UPS refund of the damaged box', reference: null };
    expect(describeTransaction(adj, t, 'en')).toBe('UPS UPS refund of the damaged box');
  });
  it('the CSV export names the carrier once too', () => {
    const csv = transactionsCsv([tx({ description: 'UPS UPS Standard — order VY-9', reference: 'VY-9' })], {
      columns: {
        date: 'Date',
        description: 'Description',
        type: 'Type',
        direction: 'Direction',
        amount: 'Amount',
        status: 'Status',
        balanceAfter: 'Balance after',
      },
      description: (x) => describeTransaction(x, t, 'en'),
      type: (x) => x,
      direction: (x) => x,
      status: (x) => x,
    });
    expect(csv.split('\r\n')[1]).toBe(
      '2026-03-10 11:00:00,UPS Standard — order VY-9,shipping_charge,debit,10.00,completed,90.00',
    );
  });
  it('names carrier and service in Chinese, the carrier once and the service with its Chinese gloss', () => {
    const charge = (description: string) => ({ type: 'shipping_charge' as const, description, reference: 'VY-7' });
    const zhOf = (description: string) => describeTransaction(charge(description), zhT, 'zh');
    expect(zhOf('UPS Standard — order VY-7')).toBe('运费（UPS Standard 标准）— 订单 VY-7');
    expect(zhOf('UPS Express — order VY-7')).toBe('运费（UPS Express 特快）— 订单 VY-7');
    expect(zhOf('Purolator Express — order VY-7')).toBe('运费（Purolator Express 特快）— 订单 VY-7');
    expect(zhOf('UPS Express Saver — order VY-7')).toBe('运费（UPS Express Saver 特快经济）— 订单 VY-7');
    expect(zhOf('Purolator Express 9 AM — order VY-7')).toBe(
      '运费（Purolator Express 9 AM 上午 9 点前送达）— 订单 VY-7',
    );
    expect(zhOf('Canada Post Xpresspost — order VY-7')).toBe('运费（加拿大邮政 Xpresspost 快递）— 订单 VY-7');
    expect(zhOf('Canada Post Canada Post Expedited Parcel — order VY-7')).toBe(
      '运费（加拿大邮政 Expedited Parcel 快捷包裹）— 订单 VY-7',
    );
    expect(zhOf('FedEx FedEx Ground — order VY-7')).toBe('运费（FedEx Ground 陆运）— 订单 VY-7');
    expect(zhOf('DHL Express Worldwide — order VY-7')).toBe('运费（DHL Express Worldwide 全球快递）— 订单 VY-7');
    // A service without a Chinese name keeps the carrier's own; a text of another shape, the order code.
    expect(zhOf('UPS Saver Plus — order VY-7')).toBe('运费（UPS Saver Plus）— 订单 VY-7');
    expect(zhOf('Shipping charge')).toBe('运费 — 订单 VY-7');
    // Every charge names its carrier: no two services read the same.
    const texts = ['UPS Standard', 'UPS Expedited', 'Canada Post Priority', 'FedEx Economy'].map((s) =>
      zhOf(`${s} — order VY-7`),
    );
    expect(new Set(texts).size).toBe(texts.length);
    for (const text of texts) expect(text).not.toBe('运费 — 订单 VY-7');
  });
  it("translates the administrators' standard texts, keeps their own words", () => {
    const adj = { type: 'adjustment' as const, description: 'Balance added by an administrator', reference: null };
    expect(describeTransaction(adj, t, 'zh')).toBe('wallet.describe.adminAdded');
    expect(describeTransaction({ ...adj, description: 'Goodwill credit' }, t, 'zh')).toBe('Goodwill credit');
    const topup = { type: 'topup' as const, description: 'Wallet top-up', reference: 'pi_1' };
    expect(describeTransaction(topup, t, 'zh')).toBe('wallet.describe.topup');
    expect(describeTransaction(topup, t, 'en')).toBe('Wallet top-up');
    const byCard = { ...topup, description: 'Wallet top-up (American Express •••• 0005)' };
    expect(describeTransaction(byCard, t, 'en')).toBe('Wallet top-up (American Express •••• 0005)');
    expect(describeTransaction(byCard, t, 'zh')).toBe(
      'wallet.describe.topupCard:{"card":"cards.brands.amex •••• 0005"}',
    );
  });
});

describe('an uncovered chargeback paid by later top-ups (decision 021)', () => {
  // $39.50 charged back with $0 left: a pending debit; two top-ups then pay it, each with its own entry.
  const history = [
    tx({
      type: 'topup',
      direction: 'debit',
      amount: '9.75',
      balanceAfter: '20.25',
      description: 'Chargeback paid from a top-up (Visa •••• 4242): 9.75 CAD',
    }),
    tx({
      type: 'topup',
      direction: 'credit',
      amount: '30.00',
      balanceAfter: '30.00',
      description: 'Wallet top-up (Visa •••• 4242)',
    }),
    tx({
      type: 'topup',
      direction: 'debit',
      amount: '29.75',
      balanceAfter: '0.00',
      description: 'Chargeback paid from a top-up (Mastercard •••• 4444): 29.75 CAD',
    }),
    tx({
      type: 'topup',
      direction: 'credit',
      amount: '29.75',
      balanceAfter: '29.75',
      description: 'Wallet top-up (Mastercard •••• 4444)',
    }),
    tx({
      type: 'topup',
      direction: 'debit',
      status: 'settled',
      amount: '39.50',
      balanceAfter: '0.00',
      description: 'Not covered by the balance: …',
    }),
    tx({
      type: 'topup',
      direction: 'debit',
      amount: '50.00',
      balanceAfter: '0.00',
      description: 'Card payment reversed (dispute)',
    }),
    tx({
      type: 'topup',
      direction: 'credit',
      amount: '50.00',
      balanceAfter: '50.00',
      description: 'Wallet top-up (Visa •••• 0259)',
    }),
  ];

  it('the settled entry moved no money: what moved money adds up to the balance, and the Completed filter leaves it out', () => {
    expect(history.filter(movedMoney)).toHaveLength(6);
    expect(movedCents(history)).toBe(2025);
    const completed = filterTransactions(history, { ...NO_FILTER, status: 'completed' });
    expect(completed.map((t) => t.status)).not.toContain('settled');
    expect(completed.reduce((sum, t) => sum + signedCents(t), 0)).toBe(2025);
    expect(filterTransactions(history, { ...NO_FILTER, status: 'settled' })).toEqual([history[4]]);
  });

  it('its badge is not the green of money moved, and says in both languages that later top-ups paid it', () => {
    expect(statusBadgeClass('settled')).not.toBe(statusBadgeClass('completed'));
    expect(statusBadgeClass('completed')).toContain('emerald');
    expect(statusBadgeClass('settled')).not.toContain('emerald');
    expect(en.wallet.statuses.settled).toBe('Paid by later top-ups');
    expect(zh.wallet.statuses.settled).toBe('已由后续充值付清');
  });

  it('the CSV says so in its status column, in each language', () => {
    for (const [dict, label] of [
      [en, 'Paid by later top-ups'],
      [zh, '已由后续充值付清'],
    ] as const) {
      const statuses: Record<string, string> = dict.wallet.statuses;
      const csv = transactionsCsv(history, {
        columns: {
          date: 'd',
          description: 'x',
          type: 't',
          direction: 'dir',
          amount: 'a',
          status: 's',
          balanceAfter: 'b',
        },
        description: (t) => t.type,
        type: (t) => t,
        direction: (d) => d,
        status: (s) => statuses[s] ?? s,
      });
      const rows = csv.slice(1).split('\r\n').slice(1, -1);
      expect(rows[4]!.split(',')[5]).toBe(label);
      expect(rows.filter((r) => r.split(',')[5] === statuses.completed)).toHaveLength(6);
    }
  });
});
