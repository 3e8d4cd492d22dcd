// Runs autocannon on its own thread, so the load generator does not share the event loop of the
// server it measures. workerData: { url, connections, duration, path, requests: [{ headers, body }] }.
// (On a worker thread autocannon reports encoded histograms, so latencies are collected per response.)
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, connections, duration, path, requests } = workerData;
let next = 0;
const times = [];
let total = 0;
let non2xx = 0;
const instance = autocannon({
  url,
  connections,
  duration,
  requests: [
    {
      method: 'POST',
      path,
      setupRequest: (req) => {
        const r = requests[next++ % requests.length];
        return { ...req, headers: r.headers, body: r.body };
      },
    },
  ],
});
instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  total++;
  if (statusCode < 200 || statusCode >= 300) non2xx++;
  times.push(responseTime);
});
await new Promise((resolve, reject) => instance.once('done', resolve).once('error', reject));
times.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0;
parentPort.postMessage({ total, non2xx, p50: at(0.5), p99: at(0.99) });
