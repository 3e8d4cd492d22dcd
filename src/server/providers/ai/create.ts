import type { Config } from '../../config';
import type { AddressParser } from './index';
import { createOpenAiParser } from './openai';
import { createRulesParser } from './rules/index';

/** The built-in rules without AI configuration; otherwise the configured model with the rules as fallback. */
export function createAddressParser(ai: Config['ai'], log?: { info(obj: object, msg: string): void }): AddressParser {
  const rules = createRulesParser();
  if (!ai) return rules;
  return createOpenAiParser({ ...ai, fallback: rules, log });
}
