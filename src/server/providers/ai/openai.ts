import { z } from 'zod';
import { normalizePostalCode, normalizeZip, provincesForPostalCode } from '../../../shared/postal-code';
import { normalizeProvince, normalizeUsState } from '../../../shared/provinces';
import type { AddressParser, ParsedAddress, ParseResult } from './index';
import { PARSED_FIELDS } from './rules/parse-address';
import { isEmptyAddress, splitRole } from './rules/roles';

export type OpenAiParserOptions = {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  /** Used when the model fails, times out or answers something unusable. */
  fallback: AddressParser;
  fetch?: typeof fetch;
  log?: { info(obj: object, msg: string): void };
};

const text = z.string().max(300).nullish();
const ZModelAddress = z.object({
  firstName: text,
  lastName: text,
  name: text,
  company: text,
  address1: text,
  address: text,
  address2: text,
  city: text,
  province: text,
  postalCode: text,
  country: text,
  phone: text,
  email: text,
});
const ZModelAnswer = z.union([z.object({ address: ZModelAddress }).transform((a) => a.address), ZModelAddress]);
const ZCompletion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

const SYSTEM_PROMPT = [
  'You extract one postal address (Canada or the United States) from text a shipper pasted.',
  'The text may be English, French or Chinese, labelled or free-form, on one line or many.',
  'Answer with one JSON object and nothing else, with only these optional string keys:',
  'firstName, lastName, name (full name), company, address1 (civic number and street, or PO box / rural route),',
  'address2 (unit, apartment or suite, e.g. "Unit 1203", "Apt 4B", "Suite 200"), city (English name for Chinese city names),',
  'province (2-letter province or state code), postalCode, country ("CA" or "US"), phone, email.',
  'For a Chinese name the surname is lastName. Leave out any field the text does not contain; never invent values.',
].join(' ');

/** An OpenAI-compatible chat-completions client that falls back to the rules on any failure. */
export function createOpenAiParser(opts: OpenAiParserOptions): AddressParser {
  const doFetch = opts.fetch ?? fetch;
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`;

  async function ask(textToParse: string, signal?: AbortSignal): Promise<ParsedAddress> {
    const timeout = AbortSignal.timeout(opts.timeoutMs);
    const res = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.apiKey}` },
      body: JSON.stringify({
        model: opts.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: textToParse },
        ],
      }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!res.ok) throw new Error(`AI provider answered ${res.status}`);
    const completion = ZCompletion.parse(await res.json());
    // Trim first: /\s*```\s*$/ would rescan a long inner run of spaces from each of its characters.
    const content = completion.choices[0].message.content
      .trim()
      .replace(/^```(?:json)?/, '')
      .replace(/```$/, '');
    return normalizeModelAddress(ZModelAnswer.parse(JSON.parse(content)));
  }

  return {
    kind: 'openai',
    async parse(description, callOpts) {
      const { role, text: body } = splitRole(description);
      try {
        const address = await ask(body, callOpts?.signal);
        if (isEmptyAddress(address)) throw new Error('AI provider found nothing');
        return { [role]: address } as ParseResult;
      } catch (err) {
        if (callOpts?.signal?.aborted) throw err;
        opts.log?.info(
          { err: err instanceof Error ? err.message : String(err) },
          'AI parse failed; using the built-in rules',
        );
        return opts.fallback.parse(description, callOpts);
      }
    },
  };
}

/** Trims, drops empty values and brings province, postal code, country and names into our shapes. */
export function normalizeModelAddress(raw: z.infer<typeof ZModelAddress>): ParsedAddress {
  const v = (s: string | null | undefined) =>
    typeof s === 'string' && s.trim() ? s.trim().replace(/\s+/g, ' ') : undefined;
  const out: ParsedAddress = {};
  const country = v(raw.country)?.toUpperCase();
  const isUs = country !== undefined && /^(US|USA|UNITED STATES( OF AMERICA)?|美国)$/.test(country);
  if (country) {
    if (isUs) out.country = 'US';
    else if (/^(CA|CAN|CANADA|加拿大)$/.test(country)) out.country = 'CA';
  }
  for (const key of ['firstName', 'lastName', 'name', 'company', 'address2', 'city', 'phone', 'email'] as const) {
    const value = v(raw[key]);
    if (value) out[key] = value;
  }
  const address1 = v(raw.address1) ?? v(raw.address);
  if (address1) out.address1 = address1;
  const postal = v(raw.postalCode);
  if (postal) {
    const ca = normalizePostalCode(postal);
    const zip = ca ? null : normalizeZip(postal);
    if (ca) out.postalCode = ca;
    else if (zip) out.postalCode = zip;
    out.country ??= ca ? 'CA' : zip ? 'US' : undefined;
    if (!out.country) delete out.country;
  }
  const province = v(raw.province);
  if (province) {
    const code =
      out.country === 'US' ? normalizeUsState(province) : (normalizeProvince(province) ?? normalizeUsState(province));
    if (code) out.province = code;
  }
  if (!out.province && out.postalCode && out.country !== 'US') {
    const options = provincesForPostalCode(out.postalCode);
    if (options.length === 1) out.province = options[0];
  }
  if (!out.name && (out.firstName || out.lastName)) {
    out.name = /[\u3400-\u9fff]/.test(`${out.lastName ?? ''}${out.firstName ?? ''}`)
      ? `${out.lastName ?? ''}${out.firstName ?? ''}`
      : [out.firstName, out.lastName].filter(Boolean).join(' ');
  }
  if (out.name && !out.firstName && !out.lastName && !/[\u3400-\u9fff]/.test(out.name)) {
    const space = out.name.indexOf(' ');
    if (space < 0) out.firstName = out.name;
    else {
      out.firstName = out.name.slice(0, space);
      out.lastName = out.name.slice(space + 1);
    }
  }
  // Keep the field order stable for readers of the JSON.
  const ordered: ParsedAddress = {};
  for (const key of PARSED_FIELDS) if (out[key] !== undefined) (ordered as Record<string, unknown>)[key] = out[key];
  return ordered;
}
