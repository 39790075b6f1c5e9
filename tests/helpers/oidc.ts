import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, importJWK, SignJWT, decodeJwt, type JWK } from 'jose';
import Provider from 'oidc-provider';

// A real OpenID Connect provider in the test process: oidc-provider on a loopback port, one
// confidential client, accounts the test gives. Its login and consent need no form: the interaction logs in
// `provider.nextAccount` and grants the scopes asked, so an HTTP client (`walk`) or Chromium goes through
// the real redirects, cookies, authorization code with PKCE, token and userinfo endpoints.
// Two ways to misbehave, for the refusals: `forge` re-signs the token endpoint's id_token with the
// provider's own key but another issuer or audience; `codeTtl` shortens the life of authorization codes.

export type OidcAccount = { sub: string; claims: Record<string, unknown> };

export type TestOidc = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next login is. */
  nextAccount: OidcAccount | null;
  /** Re-sign the next id_tokens with these claims replaced (iss, aud). */
  forge: Record<string, unknown> | null;
  /** Seconds an authorization code lives. */
  codeTtl: number;
  close: () => Promise<void>;
};

/** `redirectUris` is asked at the first request, so a site started after the provider can give its own. */
export async function oidcProvider(redirectUris: () => string[]): Promise<TestOidc> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' } as JWK;
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const state: TestOidc = {
    issuer,
    clientId: 'lab-site',
    clientSecret: 'lab-site-secret-of-the-tests-0123456789',
    nextAccount: null,
    forge: null,
    codeTtl: 60,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const accounts = new Map<string, OidcAccount>();
  const codeLife = () => state.codeTtl;
  const makeProvider = () =>
    new Provider(issuer, {
      clients: [
        {
          client_id: state.clientId,
          client_secret: state.clientSecret,
          redirect_uris: redirectUris(),
          response_types: ['code'],
          grant_types: ['authorization_code'],
        },
      ],
      jwks: { keys: [jwk] },
      cookies: { keys: ['test-cookie-key-0123456789abcdef'] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'], student: ['student_number'] },
      scopes: ['openid', 'email', 'profile', 'student'],
      features: { devInteractions: { enabled: false } },
      pkce: { required: () => true },
      ttl: { AuthorizationCode: codeLife, Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      async findAccount(_ctx, id) {
        const account = accounts.get(id);
        if (!account) return undefined;
        return { accountId: id, claims: async () => ({ sub: id, ...account.claims }) };
      },
    });
  let made: { provider: Provider; callback: ReturnType<Provider['callback']> } | undefined;
  server.on('request', (req, res) => {
    void (async () => {
      if (!made) {
        const provider = makeProvider();
        made = { provider, callback: provider.callback() };
      }
      const { provider, callback } = made;
      if (req.url?.startsWith('/interaction/')) {
        const details = await provider.interactionDetails(req, res);
        const account = state.nextAccount;
        if (!account) {
          await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'no account' }, { mergeWithLastSubmission: false });
          return;
        }
        accounts.set(account.sub, account);
        const clientId = String(details.params.client_id);
        const grant = new provider.Grant({ accountId: account.sub, clientId });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
        return;
      }
      if (req.method === 'POST' && req.url?.startsWith('/token') && state.forge) {
        const forge = state.forge;
        const end = res.end.bind(res);
        const chunks: Buffer[] = [];
        const write = res.write.bind(res);
        res.write = ((chunk: unknown) => {
          chunks.push(Buffer.from(chunk as Buffer));
          return true;
        }) as typeof res.write;
        res.end = ((chunk?: unknown) => {
          if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as Buffer));
          void (async () => {
            const body = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
            if (typeof body.id_token === 'string') {
              const claims = { ...decodeJwt(body.id_token), ...forge };
              body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(await importJWK(jwk, 'RS256'));
            }
            const text = JSON.stringify(body);
            res.setHeader('content-length', Buffer.byteLength(text));
            res.write = write;
            end(text);
          })();
          return res;
        }) as typeof res.end;
      }
      callback(req, res);
    })().catch((e: unknown) => {
      res.statusCode = 500;
      res.end(String(e));
    });
  });
  return state;
}

/**
 * Follows a login like a browser without scripts: GETs with the provider's cookies, redirect after redirect,
 * until one leaves for `stopAt` (the site); that address. Throws if the provider answers otherwise.
 */
export async function walk(start: string, stopAt: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = start;
  for (let i = 0; i < 20; i++) {
    if (url.startsWith(stopAt)) return url;
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = (pair ?? '').indexOf('=');
      if (eq > 0) jar.set((pair as string).slice(0, eq).trim(), (pair as string).slice(eq + 1).trim());
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} at ${url}: ${(await res.text()).slice(0, 300)}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects');
}
