import { defineConfig } from 'vitest/config';

/** The unit test files whose assertions measure time. */
const TIMED = [
  'src/**/*.linear.test.ts',
  'src/**/*.property.test.ts',
  'src/server/lib/worker-pool.test.ts',
  'src/server/providers/carriers/registry.test.ts',
  'src/server/providers/ai/openai.test.ts',
];

/**
 * The integration files whose assertions judge by order of answers or by time (one shop's burst beside
 * another shop's request): run one file at a time after the rest, so another file's load on the shared
 * PostgreSQL and cores does not fall into their measurements (the check itself is the same).
 */
const INTEGRATION_TIMED = ['tests/integration/fair-requests.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: [...TIMED],
          environment: 'node',
          // Vitest's default is one worker fewer than the cores: one on a 2-core machine. Two files at a
          // time keep both cores busy.
          maxWorkers: 2,
          // One module cache per worker, not per file (each file still gets its own module-level state only
          // where it builds it): half the CPU on a 2-core CI machine, most of it re-importing the same
          // modules. A test that changes a shared module's state puts it back (error-message.test.ts).
          isolate: false,
        },
      },
      {
        test: {
          // Unit tests that judge by the clock (linear time, event-loop stalls, time-outs): one file at a
          // time, so another file's work does not fall into their measurements.
          name: 'unit-timed',
          include: TIMED,
          environment: 'node',
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: [...INTEGRATION_TIMED],
          environment: 'node',
          // Each file has its own database or schema, so two run at once (most of their time is I/O).
          maxWorkers: 2,
          // Files share their worker's module cache (the server's modules and PGlite's WebAssembly are
          // loaded once per worker, not once per file): 376 s → 199 s for this project on a 2-core machine.
          // Each file still builds its own app and database.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 5_000 } },
        },
      },
      {
        test: {
          name: 'integration-timed',
          include: INTEGRATION_TIMED,
          environment: 'node',
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Process-level: the built server and CLI on temporary data directories (node scripts/build.mjs first).
          name: 'ops',
          include: ['tests/ops/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Two files at a time, each with its own built server and Chromium: most of a browser test is
          // waiting (a resend countdown, a page's network), so two share the machine's cores well.
          fileParallelism: true,
          maxWorkers: 2,
          // playwright-core and the harness load once per worker (each file still starts its own server
          // and browser).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits for what the page shows; Vitest's 1 s default is shorter than a busy CI
          // machine takes to parse a paste or draw a label (the assertion is the same, only the wait).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
