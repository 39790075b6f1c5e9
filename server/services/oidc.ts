import type { Configuration } from 'openid-client';
import type { OidcConfig } from '../config.ts';
import type { DB } from '../db/database.ts';
import { Refused, Unavailable } from '../errors.ts';
import { type ExternalIdentity, flatAttributes, openState, ProviderRefusal, takeState } from './external-login.ts';

// OIDC login with openid-client: the issuer's metadata discovered from OIDC_ISSUER_URL,
// the authorization code flow with PKCE (S256), a state and a nonce, each kept on this side (external_state)
// and used once. openid-client checks the id_token: its signature against the issuer's keys, its issuer,
// audience, expiry and nonce. The claims of the id_token and of the userinfo endpoint are what the shared
// rules match a member by (services/external-login.ts). openid-client is loaded at the first login through
// the provider, not at start (docs/performance.md, start-up).

/** The callback's path: the redirect URI registered with the identity provider is the site's origin and this. */
const OIDC_CALLBACK = '/api/login/oidc/callback/';

/** An http:// issuer is taken only on a loopback address (tests, a provider on the same host); else https. */
const loopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/**
 * The provider's own errors that say this site's settings are wrong (OAuth 2.0 §4.1.2.1, §5.2), not the member's
 * login: a wrong client secret or id, a grant or scope the client may not use. Anything else (a code used or
 * expired, a member who declined) is the member's to start again.
 */
const MISCONFIGURED = new Set(['invalid_client', 'unauthorized_client', 'unsupported_grant_type', 'unsupported_response_type', 'invalid_scope']);

/** A failure of the exchange with the provider, as the member's message and the provider's own reason in the log. */
function refusal(client: typeof import('openid-client'), e: unknown): Refused {
  let said: { error: string; description: string | undefined } | undefined;
  if (e instanceof client.ResponseBodyError || e instanceof client.AuthorizationResponseError) said = { error: e.error, description: e.error_description };
  else if (e instanceof client.WWWAuthenticateChallengeError) {
    const p = e.cause.find((c) => c.parameters.error)?.parameters;
    if (p?.error) said = { error: p.error, description: p.error_description };
  }
  if (!said) return new Refused('external_failed', {}, { cause: e });
  const cause = new ProviderRefusal(said.error, said.description);
  return new Refused(MISCONFIGURED.has(said.error) ? 'external_misconfigured' : 'external_failed', {}, { cause });
}

export class Oidc {
  readonly #config: OidcConfig;
  #discovered: Promise<Configuration> | undefined;

  constructor(config: OidcConfig) {
    this.#config = config;
  }

  /** The provider's configuration, discovered once (again after a failure). */
  async #provider(): Promise<Configuration> {
    if (!this.#discovered) {
      const issuer = new URL(this.#config.issuerUrl);
      this.#discovered = import('openid-client').then((client) =>
        client.discovery(issuer, this.#config.clientId, this.#config.clientSecret, undefined, {
          timeout: Math.ceil(this.#config.timeoutMs / 1000),
          ...(issuer.protocol === 'http:' && loopback(issuer) ? { execute: [client.allowInsecureRequests] } : {}),
        }),
      );
      this.#discovered.catch(() => {
        this.#discovered = undefined;
      });
    }
    try {
      return await this.#discovered;
    } catch (e) {
      throw new Unavailable('external_unavailable', {}, { cause: e });
    }
  }

  /** Where to send the browser: the provider's authorization endpoint with this login's state (also answered), nonce and PKCE challenge; `linkPid` to link that member. */
  async start(db: DB, origin: string, redirect: string, linkPid?: number): Promise<{ url: string; state: string }> {
    const provider = await this.#provider();
    const client = await import('openid-client');
    const verifier = client.randomPKCECodeVerifier();
    const nonce = client.randomNonce();
    const state = await openState(db, 'oidc', { nonce, verifier, redirect, ...(linkPid ? { linkPid } : {}) });
    const url = client
      .buildAuthorizationUrl(provider, {
        redirect_uri: origin + OIDC_CALLBACK,
        scope: this.#config.scopes,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      })
      .toString();
    return { url, state };
  }

  /**
   * The way back: the state taken (once), the code exchanged with its verifier, the id_token checked, the
   * userinfo claims added. Refused (external_failed) for anything that does not hold.
   */
  async finish(db: DB, origin: string, query: Record<string, string>): Promise<{ identity: ExternalIdentity; redirect: string; linkPid: number | null }> {
    const provider = await this.#provider();
    const client = await import('openid-client');
    const taken = await takeState(db, 'oidc', query.state ?? '');
    const current = new URL(origin + OIDC_CALLBACK);
    for (const [k, v] of Object.entries(query)) current.searchParams.set(k, v);
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(provider, current, {
        pkceCodeVerifier: taken.verifier,
        expectedState: query.state,
        expectedNonce: taken.nonce,
        idTokenExpected: true,
      });
    } catch (e) {
      throw refusal(client, e);
    }
    const claims = tokens.claims();
    if (!claims) throw new Refused('external_failed');
    let info: Record<string, unknown> = {};
    if (provider.serverMetadata().userinfo_endpoint) {
      try {
        info = await client.fetchUserInfo(provider, tokens.access_token, claims.sub);
      } catch (e) {
        throw refusal(client, e);
      }
    }
    // the id_token's own claims win over the userinfo's (they are signed)
    const attributes = flatAttributes({ ...info, ...claims });
    return { identity: { kind: 'oidc', issuer: this.#config.issuerUrl, subject: claims.sub, attributes }, redirect: taken.redirect, linkPid: taken.linkPid };
  }
}
