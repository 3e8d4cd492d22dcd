import { describe, expect, it } from 'vitest';
import { TaskTimeLimitError, type RunOptions, type WorkerPool } from '../../../lib/worker-pool';
import { createRulesParser } from './index';

/**
 * A pool whose task never ends on its own: as the real pool does (worker-pool.test.ts), it stops the
 * task past its time limit with a TaskTimeLimitError, or when the caller's signal aborts.
 */
const stuckPool = (seen: { aborted?: boolean; limitMs?: number }): WorkerPool =>
  ({
    runTask: (_name: string, _input: unknown, opts?: RunOptions) =>
      new Promise((_resolve, reject) => {
        seen.limitMs = opts?.timeLimitMs;
        const timer =
          opts?.timeLimitMs === undefined
            ? undefined
            : setTimeout(() => {
                seen.aborted = true;
                reject(new TaskTimeLimitError(opts.timeLimitMs!));
              }, opts.timeLimitMs);
        opts?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          seen.aborted = true;
          reject(new Error('The task has been aborted'));
        });
      }),
  }) as unknown as WorkerPool;

describe('the rules parser on the worker pool', () => {
  it('stops a reading that runs past its time limit and answers 422 naming the description', async () => {
    const seen: { aborted?: boolean } = {};
    const parser = createRulesParser(stuckPool(seen), 50);
    await expect(parser.parse('Attn' + ' '.repeat(640) + 'x')).rejects.toMatchObject({
      statusCode: 422,
      code: 'VALIDATION_ERROR',
      fieldErrors: { description: [expect.stringContaining('could not read this text in time')] },
    });
    expect(seen).toMatchObject({ aborted: true, limitMs: 50 });
  });

  it("passes the caller's abort through as well", async () => {
    const seen: { aborted?: boolean } = {};
    const parser = createRulesParser(stuckPool(seen), 10_000);
    const caller = new AbortController();
    const pending = parser.parse('text', { signal: caller.signal });
    caller.abort();
    await expect(pending).rejects.toThrow('aborted');
    expect(seen.aborted).toBe(true);
  });
});
