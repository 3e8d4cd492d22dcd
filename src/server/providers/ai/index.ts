import type { ParsedAddress } from './rules/parse-address';
import type { ParseResult } from './rules/roles';

export type { ParsedAddress, ParseResult };

/** Turns a free-text description into address fields under sender, receiver or address. */
export type AddressParser = {
  kind: 'rules' | 'openai';
  parse(description: string, opts?: { signal?: AbortSignal; account?: string }): Promise<ParseResult>;
};
