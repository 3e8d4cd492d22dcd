import type { AddressParser } from '../index';
import { parseShipmentDescription } from './roles';

/** The built-in parser: no network, synchronous underneath. */
export function createRulesParser(): AddressParser {
  return {
    kind: 'rules',
    parse: async (description) => parseShipmentDescription(description),
  };
}
