import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { TestContext } from './test-app';

/** What the provider says about one of its users. */
export type LocalAccount = { email: string; email_verified: boolean; given_name?: string; family_name?: string };

export type LocalClient = { clientId: string; clientSecret: string; redirectUri: string };

export type LocalOidc = {
  issuer: string;
  /** Registers the one client (the provider starts answering then); known only once the app's URL is. */
  register(client: LocalClient): void;
  /** Users the provider knows, by subject. */
  accounts: Map<string, LocalAccount>;
  /** When set, the provider's JWKS endpoint serves an unrelated key under the same key id. */
  serveWrongKeys: boolean;
  close(): Promise<void>;
};

function signingKey(kid: string) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' };
}

/**
 * A real OpenID provider (oidc-provider) on a loopback port, for one registered client. Its login and
 * consent screen is a minimal stand-in: GET /interaction/:uid answers `{ uid, prompt }` as JSON (or a
 * small HTML form for a browser), a form POST to /interaction/:uid/approve with `account=<subject>` signs
 * that user in and grants the requested scopes, a POST to /interaction/:uid/deny refuses (access_denied).
 */
export async function startLocalOidc(): Promise<LocalOidc> {
  const server = http.createServer();
  // The app keeps connections to the provider alive; do not drop them while a test starts another app.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, LocalAccount>();
  const key = signingKey('k1');
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...wrongPublicKey } = signingKey('k1');

  const configure = (client: LocalClient) =>
    new Provider(issuer, {
      clients: [
        {
          client_id: client.clientId,
          client_secret: client.clientSecret,
          redirect_uris: [client.redirectUri],
          token_endpoint_auth_method: 'client_secret_post',
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [key as never] },
      cookies: { keys: [randomUUID()] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      // Like Google: the scope's claims are in the id_token itself.
      conformIdTokenClaims: false,
      pkce: { methods: ['S256'], required: () => true },
      ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      findAccount: (_ctx, sub) => {
        const account = accounts.get(sub);
        return account ? { accountId: sub, claims: () => ({ sub, ...account }) } : undefined;
      },
    });
  let provider: Provider | undefined;
  let callback: ReturnType<Provider['callback']> | undefined;

  const state: LocalOidc = {
    issuer,
    register: (client) => {
      provider = configure(client);
      callback = provider.callback();
    },
    accounts,
    serveWrongKeys: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const m = /^\/interaction\/([\w-]+)(?:\/(approve|deny))?$/.exec(url.pathname);
    if (url.pathname === '/jwks' && state.serveWrongKeys) {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [wrongPublicKey] }));
      return;
    }
    if (!provider || !callback) {
      res.statusCode = 503;
      res.end('no client registered yet');
      return;
    }
    if (!m) {
      callback(req, res);
      return;
    }
    const idp = provider;
    void (async () => {
      try {
        const details = await idp.interactionDetails(req, res);
        if (req.method === 'GET' && req.headers.accept?.includes('text/html')) {
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(interactionPage(details.uid));
          return;
        }
        if (req.method === 'GET') {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ uid: details.uid, prompt: details.prompt.name }));
          return;
        }
        if (m[2] === 'deny') {
          await idp.interactionFinished(req, res, {
            error: 'access_denied',
            error_description: 'End-User aborted interaction',
          });
          return;
        }
        const form = new URLSearchParams(await readBody(req));
        const accountId = form.get('account') ?? '';
        if (!accounts.has(accountId)) throw new Error(`unknown account ${accountId}`);
        const grant = new idp.Grant({ accountId, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await idp.interactionFinished(req, res, { login: { accountId }, consent: { grantId } });
      } catch (err) {
        res.statusCode = 400;
        res.end(String(err));
      }
    })();
  });
  return state;
}

const interactionPage = (uid: string) => `<!doctype html>
<html lang="en"><head><title>Local provider sign-in</title></head><body><main>
<h1>Local provider sign-in</h1>
<form method="post" action="/interaction/${uid}/approve">
<label>Account <input name="account" autocomplete="off"></label>
<button type="submit">Approve</button>
</form>
<form method="post" action="/interaction/${uid}/deny"><button type="submit">Deny</button></form>
</main></body></html>`;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

type Page = { url: URL; status: number; body: string };

/**
 * A browser for the sign-in round trip: a cookie jar per host, redirects followed. Requests to the app's
 * origin go through `app.inject`; the rest (the provider) over real HTTP. It stops on an app page
 * (a path outside /api, which would load the web app), a non-redirect answer, or where `stopAt` says.
 */
export class TestBrowser {
  readonly jar = new Map<string, Map<string, string>>();
  /** Every URL requested, in order. */
  readonly visited: URL[] = [];

  constructor(
    private readonly ctx: TestContext,
    private readonly ip: string,
  ) {}

  cookie(url: URL, name: string): string | undefined {
    return this.jar.get(url.host)?.get(name);
  }

  setCookie(url: URL, name: string, value: string | undefined): void {
    const jar = this.jar.get(url.host) ?? new Map<string, string>();
    this.jar.set(url.host, jar);
    if (value) jar.set(name, value);
    else jar.delete(name);
  }

  async visit(target: string | URL, opts: { form?: Record<string, string>; stopAt?: (url: URL) => boolean } = {}) {
    let url = new URL(target, this.ctx.config.appUrl);
    let form = opts.form;
    for (let hops = 0; hops < 20; hops++) {
      if (opts.stopAt?.(url)) return { url, status: 0, body: '' };
      if (url.origin === this.ctx.config.appUrl && !url.pathname.startsWith('/api/'))
        return { url, status: 200, body: '' };
      const page = await this.request(url, form);
      form = undefined;
      if (page.status >= 300 && page.status < 400 && page.location) {
        url = new URL(page.location, url);
        continue;
      }
      return { url, status: page.status, body: page.body } satisfies Page;
    }
    throw new Error('too many redirects');
  }

  private async request(url: URL, form?: Record<string, string>) {
    this.visited.push(url);
    const cookie = [...(this.jar.get(url.host) ?? [])].map(([k, v]) => `${k}=${v}`).join('; ');
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const headers: Record<string, string> = {
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    };
    if (url.origin === this.ctx.config.appUrl) {
      const res = await this.ctx.app.inject({
        method: form ? 'POST' : 'GET',
        url: url.pathname + url.search,
        headers,
        payload: body,
        remoteAddress: this.ip,
      });
      for (const c of res.cookies) {
        // The app's cookies expire on the app's (test) clock.
        const expired = c.maxAge === 0 || (c.expires !== undefined && c.expires < this.ctx.clock.now());
        this.setCookie(url, c.name, expired ? undefined : c.value);
      }
      return { status: res.statusCode, location: res.headers.location as string | undefined, body: res.body };
    }
    const res = await fetch(url, { method: form ? 'POST' : 'GET', headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const expires = attrs.find((a) => /^\s*expires=/i.test(a));
      const expired = expires !== undefined && new Date(expires.split('=')[1]).getTime() < Date.now();
      this.setCookie(url, pair.slice(0, eq).trim(), expired ? undefined : pair.slice(eq + 1).trim());
    }
    return { status: res.status, location: res.headers.get('location') ?? undefined, body: await res.text() };
  }
}
