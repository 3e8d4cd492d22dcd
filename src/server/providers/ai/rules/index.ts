import type { WorkerPool } from '../../../lib/worker-pool';
import type { AddressParser } from '../index';

/**
 * The built-in parser: no network. The parsing itself runs on the worker pool, so a long text
 * (up to the contract's cap) never holds up the request thread; a full queue answers 503.
 */
export function createRulesParser(workers: WorkerPool): AddressParser {
  return {
    kind: 'rules',
    parse: (description, opts) => workers.runTask('parseShipmentDescription', description, { signal: opts?.signal }),
  };
}
