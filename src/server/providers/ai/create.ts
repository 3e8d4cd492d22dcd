import type { Config } from '../../config';
import type { WorkerPool } from '../../lib/worker-pool';
import type { AddressParser } from './index';
import { createOpenAiParser } from './openai';
import { createRulesParser } from './rules/index';

/**
 * The built-in rules without AI configuration; otherwise the configured model with the rules as
 * fallback. The rules run on the worker pool either way.
 */
export function createAddressParser(
  ai: Config['ai'],
  workers: WorkerPool,
  log?: { info(obj: object, msg: string): void },
): AddressParser {
  const rules = createRulesParser(workers);
  if (!ai) return rules;
  return createOpenAiParser({ ...ai, fallback: rules, log });
}
