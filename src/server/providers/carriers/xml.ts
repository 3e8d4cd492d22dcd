import { createRequire } from 'node:module';
import type * as Fxp from 'fast-xml-parser';

const require = createRequire(import.meta.url);
let library: typeof Fxp | undefined;

/**
 * fast-xml-parser, loaded the first time a real Canada Post or Purolator adapter builds or reads
 * XML: most instances run the sandbox carriers, and importing it costs start-up time (issue 26).
 */
const xmlLibrary = (): typeof Fxp => (library ??= require('fast-xml-parser') as typeof Fxp);

/**
 * The XML reader and writer of a SOAP/XML carrier, made on first use: attributes as `@_name`,
 * namespaces dropped, values kept as text, and the elements named in `arrays` always read as lists.
 */
export function carrierXml(arrays: ReadonlySet<string>): { parser(): Fxp.XMLParser; builder(): Fxp.XMLBuilder } {
  let parser: Fxp.XMLParser | undefined;
  let builder: Fxp.XMLBuilder | undefined;
  return {
    parser: () =>
      (parser ??= new (xmlLibrary().XMLParser)({
        ignoreAttributes: false,
        attributeNamePrefix: '@_',
        removeNSPrefix: true,
        parseTagValue: false,
        parseAttributeValue: false,
        trimValues: true,
        isArray: (name) => arrays.has(name),
      })),
    builder: () =>
      (builder ??= new (xmlLibrary().XMLBuilder)({
        ignoreAttributes: false,
        attributeNamePrefix: '@_',
        format: true,
        indentBy: '  ',
        suppressEmptyNode: false,
      })),
  };
}
