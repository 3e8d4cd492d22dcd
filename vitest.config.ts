import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
          // Vitest's default is one worker fewer than the cores: one on a 2-core machine. Two files at a
          // time keep both cores busy (the timing checks compare runs interleaved, so they share the load).
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // Each file has its own database or schema, so two run at once (most of their time is I/O).
          maxWorkers: 2,
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
