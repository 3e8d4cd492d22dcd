// The clients of bench/fair-labels-http.ts, on threads of their own so that they share the event loop
// neither of the server they measure nor of each other: another shop's client is not the flooding
// shop's. workerData: { role: 'victim' | 'flood', base, victim: { cookie, code }, flood: { cookie, code },
// floodWith: 'labels' | 'user', floodNice: boolean } (the flood's requests: its label, or GET /api/user;
// whether the flood's thread runs at the lowest CPU priority).
//
// The victim warms the server, measures 101 labels alone, posts 'flood', waits for the flood to be
// under way, measures 101 labels during it and posts { aloneMs, duringMs } (medians). The flood, told
// 'start', runs forty loops of its requests until told 'stop', then posts { floodLabels, floodRefused, niced }.
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

const { role, base, victim, flood, floodWith, floodNice } = workerData;
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

const message = (expected) =>
  new Promise((resolve) => parentPort.on('message', (m) => m === expected && resolve(undefined)));

if (role === 'victim') {
  // Warm: the server's code, this thread's connection and both worker threads (the two accounts at
  // once: one label at a time, every label would go to the first idle thread and leave the other cold).
  for (let i = 0; i < 300; i++) await Promise.all([timed(victim), print(flood)]);
  parentPort.postMessage('alone');
  const alone = [];
  for (let i = 0; i < 101; i++) alone.push(await timed(victim));
  parentPort.postMessage('flood');
  await new Promise((resolve) => setTimeout(resolve, 500));
  const during = [];
  for (let i = 0; i < 101; i++) during.push(await timed(victim));
  parentPort.postMessage({ aloneMs: median(alone), duringMs: median(during) });
} else {
  // Forty loops of one account's requests back to back; a refused one (503) waits 50 ms and tries again.
  const request =
    floodWith === 'user'
      ? async () => {
          const res = await fetch(`${base}/api/user`, { headers: { cookie: flood.cookie } });
          await res.arrayBuffer();
          return res.status;
        }
      : () => print(flood);
  // A shop's client runs on the shop's machine. Here it shares two cores with the server, and forty
  // loops of fetch take a good part of one; at the lowest priority it gets only what the server
  // leaves, as on a machine of its own (Linux: a thread's priority is set by its id).
  let niced = false;
  if (floodNice) {
    try {
      os.setPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()), 19);
      niced = true;
    } catch {
      // No /proc (not Linux): the flood runs at normal priority, and the result says so.
    }
  }
  await message('start');
  let flooding = true;
  let floodLabels = 0;
  let floodRefused = 0;
  void message('stop').then(() => (flooding = false));
  const loops = Array.from({ length: 40 }, async () => {
    while (flooding) {
      const status = await request();
      if (status === 200) floodLabels++;
      else {
        floodRefused++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });
  await Promise.all(loops);
  parentPort.postMessage({ floodLabels, floodRefused, niced: niced ? 1 : 0 });
}
