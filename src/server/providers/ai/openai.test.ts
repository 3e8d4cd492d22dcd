import { describe, expect, it } from 'vitest';
import type { AddressParser } from './index';
import { createOpenAiParser } from './openai';

const fallback: AddressParser = { kind: 'rules', parse: async () => ({ address: { city: 'Fallback' } }) };

function parserAnswering(content: string): AddressParser {
  const fakeFetch = (async () =>
    new Response(JSON.stringify({ choices: [{ message: { content } }] }), {
      headers: { 'content-type': 'application/json' },
    })) as typeof fetch;
  return createOpenAiParser({
    baseUrl: 'http://model.test',
    apiKey: 'k',
    model: 'm',
    timeoutMs: 1000,
    fallback,
    fetch: fakeFetch,
  });
}

describe('OpenAI-compatible parser: reading the answer', () => {
  it('accepts JSON inside a Markdown code fence', async () => {
    const result = await parserAnswering('```json\n{"city":"Ottawa"}\n```').parse('x');
    expect(result).toEqual({ address: { city: 'Ottawa' } });
  });

  it('reads an answer padded with a long run of spaces quickly', async () => {
    const padded = `{"city":"Ottawa"${' '.repeat(50_000)}}${' '.repeat(10)}x`;
    const started = performance.now();
    const result = await parserAnswering(padded).parse('x');
    // Not JSON, so the rules answer; the point is that the fence check does not rescan the run.
    expect(result).toEqual({ address: { city: 'Fallback' } });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
