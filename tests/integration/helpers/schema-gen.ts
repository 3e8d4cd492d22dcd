/**
 * A small deterministic generator for the JSON Schema subset the /api/v1 OpenAPI document uses
 * (objects with required keys, anyOf, type lists, enums, strings with formats, patterns and
 * lengths, integers and numbers with bounds, arrays with item counts), and the invalid mutations a
 * conformance test sends (missing required key, wrong type, out of range, unknown enum, over-long
 * string), each with the field path the API's error must name. Seeded: the same seed, the same requests.
 */
export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  [k: string]: unknown;
};

/** mulberry32: a tiny seeded PRNG (the same seed gives the same sequence). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The schema's types (from `type` or the branches of `anyOf`). */
export function typesOf(s: Schema): string[] {
  if (s.anyOf) return s.anyOf.flatMap(typesOf);
  if (Array.isArray(s.type)) return s.type;
  if (typeof s.type === 'string') return [s.type];
  if (s.enum) return [...new Set(s.enum.map((v) => (v === null ? 'null' : typeof v)))];
  return [];
}

/** The first non-null branch (anyOf / type list), as a schema of one type. */
function concrete(s: Schema): Schema {
  if (s.anyOf) return concrete(s.anyOf.find((b) => !typesOf(b).every((t) => t === 'null')) ?? s.anyOf[0]!);
  if (Array.isArray(s.type)) return { ...s, type: s.type.find((t) => t !== 'null') ?? 'null' };
  return s;
}

function uuid(rand: () => number): string {
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(rand() * 4)]}${hex(3)}-${hex(12)}`;
}

/** A string of the schema: a format, a pattern (from candidates tried against it), or letters. */
function stringOf(s: Schema, rand: () => number): string {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Math.max(min, 12);
  if (s.format === 'uuid') return uuid(rand);
  if (s.format === 'email') return `user${Math.floor(rand() * 1e6)}@example.com`;
  if (s.format === 'date-time') return new Date(Date.UTC(2026, 0, 1 + Math.floor(rand() * 300))).toISOString();
  if (s.format === 'uri' || s.format === 'url') return 'https://example.com/hook';
  if (s.pattern) {
    const re = new RegExp(s.pattern, 'u');
    const candidates = [uuid(rand), String(1 + Math.floor(rand() * 9)), 'A1A 1A1', 'abc', 'VY-ABC123', 'x'];
    const found = candidates.find((c) => re.test(c) && c.length >= min && c.length <= max);
    if (found !== undefined) return found;
  }
  const length = Math.min(max, Math.max(min, 4 + Math.floor(rand() * 8)));
  return Array.from({ length }, () => LETTERS[Math.floor(rand() * LETTERS.length)]).join('');
}

function numberOf(s: Schema, integer: boolean, rand: () => number): number {
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
  const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : Math.max(lo, 50));
  const v = lo + rand() * (hi - lo);
  return integer ? Math.min(hi, Math.max(lo, Math.round(v))) : Math.round(v * 100) / 100;
}

/**
 * A value valid for the schema: objects carry their required keys (and, with `full`, every key),
 * arrays their least number of items (distinct enum members when the items are an enum).
 */
export function generate(schema: Schema, rand: () => number, full = false): unknown {
  const s = concrete(schema);
  if (s.enum) return s.enum[Math.floor(rand() * s.enum.length)];
  switch (typesOf(s)[0]) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(s.required ?? []);
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        if (required.has(key) || full) out[key] = generate(prop, rand, full);
      }
      return out;
    }
    case 'array': {
      const n = Math.max(1, s.minItems ?? 0);
      const item = s.items ? concrete(s.items) : {};
      if (item.enum) return item.enum.slice(0, Math.min(n, item.enum.length));
      return Array.from({ length: n }, () => generate(item, rand, full));
    }
    case 'string':
      return stringOf(s, rand);
    case 'integer':
      return numberOf(s, true, rand);
    case 'number':
      return numberOf(s, false, rand);
    case 'boolean':
      return rand() < 0.5;
    case 'null':
      return null;
    default:
      return 'x';
  }
}

export type Mutation = {
  kind: 'missing-required' | 'wrong-type' | 'out-of-range' | 'unknown-enum' | 'over-long';
  /** The dotted path of the field the API's error must name. */
  path: string;
  apply(body: unknown): unknown;
};

const clone = <T>(v: T): T => structuredClone(v);

function setAt(body: unknown, path: string[], value: unknown, remove = false): unknown {
  const out = clone(body) as Record<string, unknown>;
  let node = out;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  if (remove) delete node[last];
  else node[last] = value;
  return out;
}

const WRONG_VALUES: [string, unknown][] = [
  ['number', 12345],
  ['string', 'not-of-this-type'],
  ['boolean', true],
  ['object', { unexpected: 1 }],
  ['array', ['unexpected']],
];

/** Every invalid mutation of `body` (a valid value of `schema`) down the object's keys. */
export function mutations(schema: Schema, body: unknown, prefix: string[] = []): Mutation[] {
  const s = concrete(schema);
  if (typesOf(s)[0] !== 'object' || !s.properties || !body || typeof body !== 'object') return [];
  const out: Mutation[] = [];
  const present = body as Record<string, unknown>;
  for (const [key, prop] of Object.entries(s.properties)) {
    const path = [...prefix, key];
    const dotted = path.join('.');
    if ((s.required ?? []).includes(key) && key in present) {
      out.push({ kind: 'missing-required', path: dotted, apply: (b) => setAt(b, path, undefined, true) });
    }
    const types = typesOf(prop);
    if (types.length === 0) continue; // any value is valid
    const allowed = new Set(types.flatMap((t) => (t === 'integer' ? ['integer', 'number'] : [t])));
    const wrong = WRONG_VALUES.find(([t]) => !allowed.has(t));
    if (wrong) out.push({ kind: 'wrong-type', path: dotted, apply: (b) => setAt(b, path, wrong[1]) });
    const one = concrete(prop);
    if (one.enum) {
      out.push({ kind: 'unknown-enum', path: dotted, apply: (b) => setAt(b, path, 'not-a-member') });
    }
    if (one.maxLength !== undefined) {
      out.push({ kind: 'over-long', path: dotted, apply: (b) => setAt(b, path, 'x'.repeat(one.maxLength! + 1)) });
    }
    if (one.maximum !== undefined) {
      out.push({ kind: 'out-of-range', path: dotted, apply: (b) => setAt(b, path, one.maximum! + 1) });
    }
    if (one.minimum !== undefined) {
      out.push({ kind: 'out-of-range', path: dotted, apply: (b) => setAt(b, path, one.minimum! - 1) });
    }
    if (one.type === 'array' && one.maxItems !== undefined && key in present) {
      const items = present[key] as unknown[];
      const more = Array.from({ length: one.maxItems + 1 }, (_, i) => items[i % Math.max(1, items.length)]);
      out.push({ kind: 'out-of-range', path: dotted, apply: (b) => setAt(b, path, more) });
    }
    if (one.type === 'array' && (one.minItems ?? 0) > 0) {
      out.push({ kind: 'out-of-range', path: dotted, apply: (b) => setAt(b, path, []) });
    }
    if (one.type === 'array' && one.items && concrete(one.items).enum && key in present) {
      out.push({ kind: 'unknown-enum', path: `${dotted}.0`, apply: (b) => setAt(b, path, ['not-a-member']) });
    }
    if (key in present) out.push(...mutations(prop, present[key], path));
  }
  return out;
}

/** Up to `perKind` mutations of each kind, picked with the seeded generator. */
export function pickMutations(all: Mutation[], rand: () => number, perKind = 3): Mutation[] {
  const byKind = new Map<string, Mutation[]>();
  for (const m of all) byKind.set(m.kind, [...(byKind.get(m.kind) ?? []), m]);
  return [...byKind.values()].flatMap((list) => {
    const shuffled = [...list];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    return shuffled.slice(0, perKind);
  });
}
