import { ErrorCode } from '../../../../shared/errors';
import { AppError } from '../../../lib/errors';
import { TaskTimeLimitError, type WorkerPool } from '../../../lib/worker-pool';
import type { AddressParser } from '../index';

/**
 * The built-in parser: no network. The parsing itself runs on the worker pool, so a long text
 * (up to the contract's cap) never holds up the request thread; a full queue answers 503.
 */
export function createRulesParser(workers: WorkerPool, timeLimitMs = PARSE_TIME_LIMIT_MS): AddressParser {
  return {
    kind: 'rules',
    async parse(description, opts) {
      // A reading that runs past its time is stopped (piscina ends that thread), so no text, however
      // crafted, holds a worker for everyone else. (Timed from when a thread begins it: a wait in a
      // busy queue or a new thread's start is not the text's fault.)
      try {
        return await workers.runTask('parseShipmentDescription', description, {
          signal: opts?.signal,
          // Shared fairly between accounts (decision 030): one account's pastes wait behind each other.
          account: opts?.account,
          timeLimitMs,
        });
      } catch (err) {
        if (err instanceof TaskTimeLimitError)
          throw new AppError(422, TOO_SLOW, ErrorCode.VALIDATION_ERROR, { description: [TOO_SLOW] });
        throw err;
      }
    },
  };
}

/**
 * Far over the slowest real paste at the cap (tens of milliseconds; a few hundred on a busy machine),
 * counted from when a thread begins the reading; short enough that no text holds the pool for long.
 */
export const PARSE_TIME_LIMIT_MS = 1500;
const TOO_SLOW = 'The assistant could not read this text in time: paste only the part with the address';
