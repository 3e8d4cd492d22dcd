import { createRequire } from 'node:module';
import type * as Fxp from 'fast-xml-parser';

const require = createRequire(import.meta.url);
let library: typeof Fxp | undefined;

/**
 * fast-xml-parser, loaded the first time a real Canada Post or Purolator adapter builds or reads
 * XML: most instances run the sandbox carriers, and importing it costs start-up time (issue 26).
 */
export const xmlLibrary = (): typeof Fxp => (library ??= require('fast-xml-parser') as typeof Fxp);
