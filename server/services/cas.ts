import { SaxesParser } from 'saxes';
import type { CasConfig } from '../config.ts';
import type { DB } from '../db/database.ts';
import { Refused, Unavailable } from '../errors.ts';
import { type ExternalIdentity, flatAttributes, openState, takeState } from './external-login.ts';

// CAS 3.0 login: the browser goes to `${CAS_URL}/login?service=…`, comes back to the
// service with a ticket, which this server validates at `${CAS_URL}/p3/serviceValidate` (the same service,
// the ticket once: the CAS server refuses it again). The service address carries a state of ours, used once,
// so a ticket cannot be pushed into someone else's browser. The answers are XML, read with a real XML parser
// (saxes: no DTD, no external entities), bounded in size. Single logout: the CAS server POSTs a SAML
// LogoutRequest naming the ticket to the service address, which ends the session that ticket started.

const CAS_CALLBACK = '/api/login/cas/callback/';
const CAS_NS = 'http://www.yale.edu/tp/cas';
const SAMLP_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
/** The largest answer of the CAS server read: a validation with its attributes is a few kilobytes. */
export const MAX_XML = 64 * 1024;
const TICKET_RE = /^[A-Za-z0-9._:-]{1,256}$/;

export type Validation = { user: string; attributes: Record<string, string> } | { failure: string };

/** Reads a /p3/serviceValidate answer: the user and its attributes, or the failure's code. */
export function parseValidation(xml: string): Validation {
  if (xml.length > MAX_XML) return { failure: 'TOO_LARGE' };
  const parser = new SaxesParser({ xmlns: true });
  const path: string[] = [];
  let text = '';
  let user: string | undefined;
  let failure: string | undefined;
  const attributes: Record<string, string> = {};
  let broken = false;
  parser.on('error', () => {
    broken = true;
  });
  parser.on('opentag', (tag) => {
    path.push(tag.uri === CAS_NS ? tag.local : `{${tag.uri}}${tag.local}`);
    text = '';
    if (tag.uri === CAS_NS && tag.local === 'authenticationFailure') failure = tag.attributes.code?.value || 'FAILURE';
  });
  const addText = (t: string) => {
    if (text.length < 1000) text += t;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    const at = path.join('/');
    if (at === 'serviceResponse/authenticationSuccess/user') user = text.trim();
    const attr = /^serviceResponse\/authenticationSuccess\/attributes\/([^/{}]+)$/.exec(at)?.[1];
    // a repeated attribute keeps its first value
    if (attr && !(attr in attributes) && Object.keys(attributes).length < 100) attributes[attr] = text.trim();
    path.pop();
    text = '';
  });
  try {
    parser.write(xml).close();
  } catch {
    broken = true;
  }
  if (broken) return { failure: 'UNREADABLE' };
  if (failure !== undefined) return { failure };
  if (!user) return { failure: 'NO_USER' };
  return { user, attributes: flatAttributes(attributes) };
}

/** The ticket a single logout request names (samlp:SessionIndex), if it is one. */
export function parseLogoutRequest(xml: string): string | undefined {
  if (xml.length > MAX_XML) return undefined;
  const parser = new SaxesParser({ xmlns: true });
  const path: string[] = [];
  let text = '';
  let ticket: string | undefined;
  let broken = false;
  parser.on('error', () => {
    broken = true;
  });
  parser.on('opentag', (tag) => {
    path.push(tag.uri === SAMLP_NS ? tag.local : `{${tag.uri}}${tag.local}`);
    text = '';
  });
  parser.on('text', (t) => {
    if (text.length < 1000) text += t;
  });
  parser.on('closetag', () => {
    if (path.join('/') === 'LogoutRequest/SessionIndex') ticket = text.trim();
    path.pop();
  });
  try {
    parser.write(xml).close();
  } catch {
    broken = true;
  }
  return !broken && ticket && TICKET_RE.test(ticket) ? ticket : undefined;
}

/** A response's text, up to `max` bytes: more is refused before it is all read. */
async function boundedText(res: Response, max: number): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new Error('the CAS answer is too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export class Cas {
  readonly #config: CasConfig;
  constructor(config: CasConfig) {
    this.#config = config;
  }

  /** The service address of one login: the callback with its state. */
  static service(origin: string, state: string): string {
    return `${origin}${CAS_CALLBACK}?state=${state}`;
  }

  /** Where to send the browser: the CAS login with this login's service address; and the state in it. `linkPid`: to link that member. */
  async start(db: DB, origin: string, redirect: string, linkPid?: number): Promise<{ url: string; state: string }> {
    const state = await openState(db, 'cas', { redirect, ...(linkPid ? { linkPid } : {}) });
    return { url: `${this.#config.url}/login?service=${encodeURIComponent(Cas.service(origin, state))}`, state };
  }

  /** The way back: the state taken (once), the ticket validated for that same service. */
  async finish(
    db: DB,
    origin: string,
    query: Record<string, string>,
  ): Promise<{ identity: ExternalIdentity; redirect: string; ticket: string; linkPid: number | null }> {
    const state = query.state ?? '';
    const taken = await takeState(db, 'cas', state);
    const ticket = query.ticket ?? '';
    if (!TICKET_RE.test(ticket)) throw new Refused('external_failed');
    const url = `${this.#config.url}/p3/serviceValidate?service=${encodeURIComponent(Cas.service(origin, state))}&ticket=${encodeURIComponent(ticket)}`;
    let xml: string;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.#config.timeoutMs), redirect: 'error' });
      if (!res.ok) throw new Error(`serviceValidate answered ${res.status}`);
      xml = await boundedText(res, MAX_XML);
    } catch (e) {
      throw new Unavailable('external_unavailable', {}, { cause: e });
    }
    const v = parseValidation(xml);
    if ('failure' in v) throw new Refused('external_failed', {}, { cause: new Error(`CAS validation failed: ${v.failure}`) });
    // "user" is the CAS principal; the other names are its attributes
    const identity: ExternalIdentity = { kind: 'cas', issuer: this.#config.url, subject: v.user, attributes: { ...v.attributes, user: v.user } };
    return { identity, redirect: taken.redirect, ticket, linkPid: taken.linkPid };
  }
}
