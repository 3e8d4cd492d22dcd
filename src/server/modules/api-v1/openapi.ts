/**
 * The OpenAPI 3.1 document of /api/v1, generated from the route table and its zod contracts
 * (z.toJSONSchema; request bodies and queries as clients send them, answers as the server writes
 * them), never written by hand (decision 027). Each operation carries curl and JavaScript samples.
 */
import { z } from 'zod';
import { API_KEY_NAME_MAX } from '../../../shared/contracts/api-keys';
import { ZProblem } from './problem';
import type { V1Route } from './operations';

type Json = Record<string, unknown>;

const PREFIX = '/api/v1';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  delete out.$schema;
  return out;
}

/** '/shipments/:id' → '/shipments/{id}'. */
export const openApiPath = (url: string) => `${PREFIX}${url.replace(/:(\w+)/g, '{$1}')}`;

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const js = jsonSchema(schema, 'input');
  const props = (js.properties ?? {}) as Record<string, Json>;
  const required = new Set((js.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' ? true : required.has(name),
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
    schema: s,
  }));
}

function samples(route: V1Route): Json[] {
  const path = route.url.replace(/:(\w+)/g, (_m, name: string) => `{${name}}`);
  const body = route.example === undefined ? undefined : JSON.stringify(route.example);
  const curl = [
    `curl -X ${route.method} "$VOYAGEUR_URL${PREFIX}${path}"`,
    '  -H "Authorization: Bearer $VOYAGEUR_API_KEY"',
    ...(route.method === 'POST' ? ['  -H "Idempotency-Key: $(uuidgen)"'] : []),
    ...(body ? ['  -H "Content-Type: application/json"', `  -d '${body}'`] : []),
  ].join(' \\\n');
  const js = [
    `const res = await fetch(\`\${process.env.VOYAGEUR_URL}${PREFIX}${path}\`, {`,
    `  method: '${route.method}',`,
    '  headers: {',
    '    Authorization: `Bearer ${process.env.VOYAGEUR_API_KEY}`,',
    ...(route.method === 'POST' ? ['    "Idempotency-Key": crypto.randomUUID(),'] : []),
    ...(body ? ["    'Content-Type': 'application/json',"] : []),
    '  },',
    ...(body ? [`  body: JSON.stringify(${JSON.stringify(route.example, null, 2).replace(/\n/g, '\n  ')}),`] : []),
    '});',
    route.produces ? 'const pdf = await res.arrayBuffer();' : 'console.log(res.status, await res.json());',
  ].join('\n');
  return [
    { lang: 'Shell', label: 'curl', source: curl },
    { lang: 'JavaScript', label: 'JavaScript', source: js },
  ];
}

const ERROR_STATUSES: Record<string, string> = {
  '400': 'A field is invalid (errors names each by its path)',
  '401': 'No API key, or one that is unknown, revoked or expired',
  '404': 'Not found (another account’s ids are not found either)',
  '409': 'Conflict (e.g. an Idempotency-Key used with another body, a price that changed)',
  '429':
    'Over this key’s requests per minute, or an operation’s own limit (test events and resends an hour); see Retry-After',
};

/** The errors of an operation that takes a JSON body, besides those of every operation. */
const BODY_ERROR_STATUSES: Record<string, string> = {
  '413': 'The body is over the request size limit',
  '415': 'The body is not sent as application/json',
};

export function openApiDocument(routes: readonly V1Route[]): Json {
  const paths: Record<string, Json> = {};
  const problem = { $ref: '#/components/schemas/Problem' };
  for (const route of routes) {
    const responses: Json = {};
    for (const [status, schema] of Object.entries(route.schema.response)) {
      responses[status] = {
        description: Number(status) < 400 ? 'Success' : 'Failure',
        content: { 'application/json': { schema: jsonSchema(schema, 'output') } },
      };
    }
    if (route.produces) {
      responses['200'] = {
        description: 'The label',
        content: { [route.produces]: { schema: { type: 'string', contentMediaType: route.produces } } },
      };
    }
    const errors = route.schema.body ? { ...ERROR_STATUSES, ...BODY_ERROR_STATUSES } : ERROR_STATUSES;
    for (const [status, description] of Object.entries(errors)) {
      if (responses[status]) continue;
      responses[status] = { description, content: { 'application/problem+json': { schema: problem } } };
    }
    const headers: Json[] =
      route.method === 'POST'
        ? [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description:
                'Send the same key again to get the first answer again (kept 24 h); another body with it answers 409',
              schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,200}$' },
            },
          ]
        : [];
    const operation: Json = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      parameters: [
        ...parametersOf(route.schema.params, 'path'),
        ...parametersOf(route.schema.querystring, 'query'),
        ...headers,
      ],
      ...(route.schema.body
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: jsonSchema(route.schema.body, 'input'),
                  // The same body as the code samples; a test parses it with the route's contract.
                  ...(route.example === undefined ? {} : { example: route.example }),
                },
              },
            },
          }
        : {}),
      responses,
      'x-codeSamples': samples(route),
    };
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Voyageur API',
      version: '1.0.0',
      description: [
        'Compare Canadian carriers, buy labels from your prepaid CAD wallet, print them and track parcels.',
        '',
        'Authenticate with an API key from Settings → API keys: `Authorization: Bearer vy_live_…`.',
        'A test key (`vy_test_…`) quotes and buys from the sandbox carriers only, moves no money, and its labels say SPECIMEN.',
        'Money is a decimal string in CAD ("12.34"). Every error is `application/problem+json` with a stable `code`.',
        `API key names are at most ${API_KEY_NAME_MAX} characters.`,
        '',
        'Webhooks: each event is POSTed with `Voyageur-Event-Id` (the same on every retry) and',
        '`Voyageur-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint secret>`;',
        'a non-2xx answer or a timeout (10 s) is retried with exponential backoff for 3 days, in order per endpoint.',
      ].join('\n'),
    },
    servers: [{ url: '/' }],
    security: [{ apiKey: [] }],
    tags: ['Rates', 'Shipments', 'Tracking', 'Addresses', 'Wallet', 'Webhooks'].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'vy_live_… or vy_test_…' } },
      schemas: { Problem: jsonSchema(ZProblem, 'output') },
    },
  };
}
