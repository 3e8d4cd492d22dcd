/**
 * Label PDFs per second on one core: renderLabel in this thread, in a loop for about 3 s after a
 * warm-up, over one label per carrier in turn (with an accented and a long address among them).
 * Then another account's label while one account floods: on the worker pool alone, and through
 * HTTP as issue 26 measured it (fair-labels-http.ts).
 * `npx tsx bench/labels.ts` prints the figures; `npm run bench` calls reportLabels().
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LabelAddress, LabelInput } from '../src/server/labels/label-input';
import { renderLabel } from '../src/server/labels/render-label';
import { createWorkerPool } from '../src/server/lib/worker-pool';
import { benchFairLabelsHttp } from './fair-labels-http';

export type LabelBench = { labelsPerSecond: number; p50Ms: number; p99Ms: number; labels: number; avgBytes: number };

const FROM: LabelAddress = {
  name: 'Maple Goods Inc.',
  company: 'Shipping Dept',
  address1: '100 King St W',
  address2: 'Suite 5600',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5X 1C9',
  country: 'CA',
  phone: '416-555-0100',
};

const to = (name: string, address1: string, city: string, province: string, postalCode: string): LabelAddress => ({
  name,
  company: '',
  address1,
  address2: '',
  city,
  province,
  postalCode,
  country: 'CA',
  phone: '555-555-0199',
});

const label = (
  carrierCode: string,
  carrierName: string,
  serviceCode: string,
  serviceName: string,
  trackingNumber: string,
  toAddress: LabelAddress,
): LabelInput => ({
  carrierCode,
  carrierName,
  serviceCode,
  serviceName,
  trackingNumber,
  orderCode: 'VOY-7K3M9Q',
  shipDate: '2025-03-14',
  from: FROM,
  to: toAddress,
  weightKg: 2.5,
  dimensionsCm: { length: 30, width: 20, height: 10 },
  packageType: 'package',
  reference: 'Books and tea',
  // Every carrier is the sandbox today: its labels carry the SPECIMEN watermark.
  mode: 'sandbox',
});

const LABELS: LabelInput[] = [
  label(
    'CA-CP',
    'Canada Post',
    'DOM.EP',
    'Expedited Parcel',
    '4946261624882118',
    to('Rachel Green', '90 Bedford Rd', 'Toronto', 'ON', 'M5R 2K2'),
  ),
  label(
    'CA-PUROLATOR',
    'Purolator',
    'PUR.GROUND',
    'Ground',
    '047019316760',
    to('Élodie Tremblay', '1234 Rue Sainte-Catherine Ouest', 'Montréal', 'QC', 'H3G 1P1'),
  ),
  label(
    'CA-UPS',
    'UPS',
    'UPS.11',
    'Standard',
    '1Z999AA10123456784',
    to(
      'Monica Geller',
      '2 Unit, 1450 West Georgia Street, Building Seventeen East Tower',
      'Vancouver',
      'BC',
      'V6G 2T8',
    ),
  ),
  label(
    'CA-Fedex',
    'FedEx',
    'FEDEX_GROUND',
    'Ground',
    '785136244018',
    to('王小明', '88 Jianguo Rd', 'Calgary', 'AB', 'T2P 1J9'),
  ),
  label(
    'CA-DHL',
    'DHL Express',
    'DHL.WPX',
    'Express Worldwide',
    '2529695545',
    to('Joey Tribbiani', '15 Yemen Rd', 'Halifax', 'NS', 'B3H 1A1'),
  ),
];

export async function benchLabels(opts: { durationMs?: number } = {}): Promise<LabelBench> {
  for (let i = 0; i < 200; i++) renderLabel(LABELS[i % LABELS.length]);
  const durationMs = opts.durationMs ?? 3000;
  const times: number[] = [];
  let bytes = 0;
  const start = performance.now();
  while (performance.now() - start < durationMs) {
    const t0 = performance.now();
    bytes += renderLabel(LABELS[times.length % LABELS.length]).length;
    times.push(performance.now() - t0);
  }
  const seconds = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))];
  return {
    labelsPerSecond: Math.round(times.length / seconds),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    labels: times.length,
    avgBytes: Math.round(bytes / times.length),
  };
}

/**
 * One shop must not slow another (issue 26): another account's label on the server's worker pool
 * (default size), alone and while one account runs 40 label loops (its refused tasks retry after
 * 50 ms, as a client told Retry-After would, only sooner). Medians of 61 labels each; of the labels
 * alone, half are timed before the flood and half after. With 15, all before, one moment of the shared
 * host moved a median of ~0.6 ms by half (alone 1.1 ms and during 0.7 in one run, alone 0.6 and during
 * 1.2 in another).
 */
const FAIR_SAMPLES = 61;

export async function benchFairLabels(): Promise<{ aloneMs: number; duringMs: number; floodLabels: number }> {
  const workers = createWorkerPool();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const one = async (account: string, i: number) => {
    const t0 = performance.now();
    await workers.runTask('renderLabel', LABELS[i % LABELS.length]!, { account });
    return performance.now() - t0;
  };
  try {
    // Both threads warm, as on a server that has been printing for a while: two accounts at once, so
    // each thread renders ~300 labels. Warmed one label at a time, every label went to the first idle
    // thread; the other stayed cold, and another account's label ran there during the flood at ~4x
    // its time alone on the warm one (a cold thread renders a label in 1.5–2.5 ms, a warm one in 0.4).
    for (let i = 0; i < 300; i++) await Promise.all([one('warm-up', i), one('warm-up-2', i + 1)]);
    const alone: number[] = [];
    for (let i = 0; i < Math.ceil(FAIR_SAMPLES / 2); i++) alone.push(await one('other-shop', i));
    let flooding = true;
    let floodLabels = 0;
    const loops = Array.from({ length: 40 }, async (_, k) => {
      for (let i = k; flooding; i++) {
        try {
          await one('busy-shop', i);
          floodLabels++;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    });
    while (workers.stats().queued < 10) await new Promise((resolve) => setTimeout(resolve, 5));
    const during: number[] = [];
    for (let i = 0; i < FAIR_SAMPLES; i++) during.push(await one('other-shop', i));
    flooding = false;
    await Promise.all(loops);
    while (alone.length < FAIR_SAMPLES) alone.push(await one('other-shop', alone.length));
    return { aloneMs: median(alone), duringMs: median(during), floodLabels };
  } finally {
    await workers.close();
  }
}

type Report = (name: string, value: string, target: string, ok: boolean | null) => void;

/** The rows `npm run bench` prints. */
export async function reportLabels(report: Report): Promise<void> {
  const r = await benchLabels();
  report('label PDFs per second, one core', `${r.labelsPerSecond} labels/s`, '>= 200', r.labelsPerSecond >= 200);
  report(
    'label render latency, one core',
    `p50 ${r.p50Ms.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(2)} ms (${r.labels} labels, ${r.avgBytes} bytes each)`,
    'reference',
    null,
  );
  const f = await benchFairLabels();
  report(
    "another account's label on the worker pool while one account runs 40 label loops (median)",
    `${f.duringMs.toFixed(1)} ms (alone ${f.aloneMs.toFixed(1)} ms; ${f.floodLabels} flood labels meanwhile)`,
    `< 2 × alone (${(2 * f.aloneMs).toFixed(1)} ms)`,
    f.duringMs < 2 * f.aloneMs,
  );
  // The same as the issue measured it: through HTTP, where the request thread is shared too. The
  // flood's client at the lowest CPU priority stands for a client on another machine; the next line
  // has it at normal priority, taking its share of the two cores from the server.
  const h = await benchFairLabelsHttp('labels');
  report(
    `another account's print-label over HTTP while one account runs 40 print-label loops, the flood's client at ${h.floodNiced ? 'lowest' : 'normal (it could not be lowered here)'} CPU priority (median)`,
    `${h.duringMs.toFixed(1)} ms (alone ${h.aloneMs.toFixed(1)} ms; inside the server ${h.serverDuringMs.toFixed(1)} ms, alone ${h.serverAloneMs.toFixed(1)} ms; ${h.floodLabels} flood labels, ${h.floodRefused} refused meanwhile)`,
    `< 2 × alone (${(2 * h.aloneMs).toFixed(1)} ms)`,
    h.duringMs < 2 * h.aloneMs,
  );
  const shared = await benchFairLabelsHttp('labels', false);
  report(
    "the same, the flood's client at normal priority on the same two cores (median)",
    `${shared.duringMs.toFixed(1)} ms (alone ${shared.aloneMs.toFixed(1)} ms; inside the server ${shared.serverDuringMs.toFixed(1)} ms, alone ${shared.serverAloneMs.toFixed(1)} ms)`,
    'reference',
    null,
  );
  // The flood of decision 052: cheap requests, which before decision 053 held the other's 10-30×.
  const u = await benchFairLabelsHttp('user');
  report(
    "another account's print-label over HTTP while one account runs 40 GET /api/user loops (median)",
    `${u.duringMs.toFixed(1)} ms (alone ${u.aloneMs.toFixed(1)} ms; inside the server ${u.serverDuringMs.toFixed(1)} ms, alone ${u.serverAloneMs.toFixed(1)} ms; ${u.floodLabels} flood requests meanwhile)`,
    'reference',
    null,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await reportLabels((name, value, target, ok) =>
    console.log(`${ok === null ? '·' : ok ? '✔' : '✖'} ${name}: ${value} (target ${target})`),
  );
}
