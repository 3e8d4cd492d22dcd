// The clients of bench/fair-labels-http.ts, on their own thread so that they do not share the event
// loop of the server they measure. workerData: { base, victim: { cookie, code }, flood: { cookie, code } }.
// Posts { aloneMs, duringMs, floodLabels, floodRefused }: medians of 31 print-labels each.
import { parentPort, workerData } from 'node:worker_threads';

const { base, victim, flood } = workerData;
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

async function print(c) {
  const res = await fetch(`${base}/api/shipments/print-label/${c.code}`, {
    method: 'POST',
    headers: { cookie: c.cookie },
  });
  await res.arrayBuffer();
  return res.status;
}

async function timed(c) {
  const t0 = performance.now();
  const status = await print(c);
  if (status !== 200) throw new Error(`bench: the other account's label answered ${status}`);
  return performance.now() - t0;
}

// Warm: the server's code, this thread's connections and both worker threads (the two accounts at
// once: one label at a time, every label would go to the first idle thread and leave the other cold).
for (let i = 0; i < 300; i++) await Promise.all([timed(victim), print(flood)]);
const alone = [];
for (let i = 0; i < 31; i++) alone.push(await timed(victim));

// Forty loops printing one account's label back to back; a refused one (503) waits 50 ms and tries again.
let flooding = true;
let floodLabels = 0;
let floodRefused = 0;
const loops = Array.from({ length: 40 }, async () => {
  while (flooding) {
    const status = await print(flood);
    if (status === 200) floodLabels++;
    else {
      floodRefused++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
});
await new Promise((resolve) => setTimeout(resolve, 500));
const during = [];
for (let i = 0; i < 31; i++) during.push(await timed(victim));
flooding = false;
await Promise.all(loops);
parentPort.postMessage({ aloneMs: median(alone), duringMs: median(during), floodLabels, floodRefused });
