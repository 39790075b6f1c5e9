import type { Client } from 'ldapts';
import type { LdapConfig } from '../config.ts';
import { Unavailable } from '../errors.ts';
import { type ExternalIdentity, flatAttributes } from './external-login.ts';

// LDAP login with ldapts, used by the ordinary login form when LDAP_URL is set:
// - bind as the user: the DN of LDAP_USER_DN with the username put in (escaped as a DN value, RFC 4514),
//   then the entry read as that user;
// - or search, then bind: the service account of LDAP_BIND_DN (or anonymous) searches LDAP_BASE with
//   LDAP_FILTER, the username escaped as a filter value (RFC 4515: `*`, `(`, `)`, `\` and NUL never act
//   as filter syntax), exactly one entry or nobody, then a bind as that entry with the password.
// An empty password is never sent (an LDAP bind without one is an anonymous bind that "succeeds").
// ldapts is loaded at the first login through the directory, not at start (docs/performance.md, start-up).

/** A value put into a search filter: RFC 4515's escapes for the characters that are filter syntax. */
export function escapeFilter(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** A value put into a DN: RFC 4514's escapes (special characters, a leading # or space, a trailing space). */
export function escapeDn(value: string): string {
  return value
    .replace(/[\\,+"<>;=\0]/g, (c) => (c === '\0' ? '\\00' : `\\${c}`))
    .replace(/^([#\s])/, '\\$1')
    .replace(/(\s)$/, '\\$1');
}

/** A template (LDAP_USER_DN, LDAP_FILTER) with `{username}` filled by a function: `$&`, `$'` and `` $` `` in a name stay literal. */
export function withUsername(template: string, escaped: string): string {
  return template.replaceAll('{username}', () => escaped);
}

/** The most the directory is asked for: who it is and the attributes a member is matched by. */
const MAX_USERNAME = 100;

export class Ldap {
  readonly #config: LdapConfig;
  constructor(config: LdapConfig) {
    this.#config = config;
  }

  #client(ldapts: typeof import('ldapts')): Client {
    return new ldapts.Client({ url: this.#config.url, timeout: this.#config.timeoutMs, connectTimeout: this.#config.timeoutMs });
  }

  /**
   * The identity of `username` if `password` is theirs; null for an unknown user or a wrong password.
   * Throws Unavailable when the directory cannot be reached, does not answer within LDAP_TIMEOUT_MS (the whole
   * exchange, not each step of it), or answers an error.
   */
  async authenticate(username: string, password: string): Promise<ExternalIdentity | null> {
    if (password === '' || username === '' || username.length > MAX_USERNAME) return null;
    const ldapts = await import('ldapts');
    const client = this.#client(ldapts);
    let timer: NodeJS.Timeout | undefined;
    const exchange = this.#exchange(ldapts, client, username, password);
    // a directory that stops answering mid-way is given up at the deadline; the exchange's own end is then no one's concern
    exchange.catch(() => {});
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.#config.timeoutMs} ms`)), this.#config.timeoutMs);
    });
    try {
      return await Promise.race([exchange, deadline]);
    } catch (e) {
      if (e instanceof ldapts.SizeLimitExceededError) return null;
      throw new Unavailable('ldap_unavailable', {}, { cause: e });
    } finally {
      clearTimeout(timer);
      // not awaited: an unbind is sent, never answered, and a directory that hangs must not hold the login
      client.unbind().catch(() => {});
    }
  }

  async #exchange(ldapts: typeof import('ldapts'), client: Client, username: string, password: string): Promise<ExternalIdentity | null> {
    const c = this.#config;
    let dn: string;
    let entry: Record<string, unknown> | undefined;
    if (c.userDn) {
      dn = withUsername(c.userDn, escapeDn(username));
    } else {
      if (c.bindDn) await client.bind(c.bindDn, c.bindPassword ?? '');
      const { searchEntries } = await client.search(c.base as string, {
        scope: 'sub',
        filter: withUsername(c.filter, escapeFilter(username)),
        sizeLimit: 2,
        timeLimit: Math.ceil(c.timeoutMs / 1000),
      });
      // nobody, or more than one: not a login
      if (searchEntries.length !== 1) return null;
      entry = searchEntries[0] as Record<string, unknown>;
      dn = String(entry.dn);
    }
    try {
      await client.bind(dn, password);
    } catch (e) {
      if (e instanceof ldapts.InvalidCredentialsError || e instanceof ldapts.NoSuchObjectError) return null;
      throw e;
    }
    if (!entry) {
      // bound as the user: their own entry, read as them
      const { searchEntries } = await client.search(dn, { scope: 'base', sizeLimit: 1 });
      entry = searchEntries[0] as Record<string, unknown> | undefined;
      if (!entry) return null;
    }
    const { dn: _, ...rest } = entry;
    return { kind: 'ldap', issuer: c.url, subject: dn, attributes: flatAttributes(rest) };
  }
}
