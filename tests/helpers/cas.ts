import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback CAS 3.0 server: /login hands the browser back to its service with a service ticket
// for `nextUser`; /p3/serviceValidate answers the protocol's XML: the user and its attributes for a ticket
// it issued for that very service and not validated before, else an authenticationFailure with its code
// (INVALID_TICKET, INVALID_SERVICE). `logoutRequest` is the single logout request a CAS server POSTs to a
// service when its user logs out there.

type CasUser = { user: string; attributes: Record<string, string> };

export type TestCas = {
  url: string;
  /** Who the next /login is. */
  nextUser: CasUser | null;
  /** A ticket for `service`, as /login would issue it. */
  issue: (service: string, user: CasUser) => string;
  /** The single logout request of `ticket`, as the CAS server POSTs it (form field logoutRequest) to the ticket's service. */
  logoutRequest: (ticket: string) => string;
  /** The tickets issued, newest last, with their services. */
  issued: { ticket: string; service: string }[];
  /** How many validations were asked. */
  validations: number;
  close: () => Promise<void>;
};

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function casServer(): Promise<TestCas> {
  const tickets = new Map<string, { service: string; user: CasUser; used: boolean }>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://cas.test');
    if (url.pathname === '/cas/login') {
      const service = url.searchParams.get('service') ?? '';
      if (!cas.nextUser || !/^https?:\/\//.test(service)) {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<title>CAS</title>log in');
        return;
      }
      const ticket = cas.issue(service, cas.nextUser);
      res.writeHead(302, { location: `${service}${service.includes('?') ? '&' : '?'}ticket=${ticket}` }).end();
      return;
    }
    if (url.pathname === '/cas/p3/serviceValidate') {
      cas.validations++;
      const ticket = url.searchParams.get('ticket') ?? '';
      const service = url.searchParams.get('service') ?? '';
      const found = tickets.get(ticket);
      let body: string;
      if (!found || found.used) {
        body = `<cas:authenticationFailure code="INVALID_TICKET">Ticket ${xmlEscape(ticket)} not recognized</cas:authenticationFailure>`;
      } else if (found.service !== service) {
        found.used = true;
        body = `<cas:authenticationFailure code="INVALID_SERVICE">Ticket ${xmlEscape(ticket)} does not match the service</cas:authenticationFailure>`;
      } else {
        found.used = true;
        const attrs = Object.entries(found.user.attributes)
          .map(([k, v]) => `<cas:${k}>${xmlEscape(v)}</cas:${k}>`)
          .join('\n      ');
        body = `<cas:authenticationSuccess>
    <cas:user>${xmlEscape(found.user.user)}</cas:user>
    <cas:attributes>
      ${attrs}
    </cas:attributes>
  </cas:authenticationSuccess>`;
      }
      res
        .writeHead(200, { 'content-type': 'application/xml; charset=utf-8' })
        .end(`<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n  ${body}\n</cas:serviceResponse>\n`);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cas: TestCas = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cas`,
    nextUser: null,
    validations: 0,
    issued: [],
    issue(service, user) {
      const ticket = `ST-${randomBytes(12).toString('hex')}-cas.test`;
      tickets.set(ticket, { service, user, used: false });
      cas.issued.push({ ticket, service });
      return ticket;
    },
    logoutRequest(ticket) {
      return `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="LR-${randomBytes(6).toString('hex')}" Version="2.0" IssueInstant="${new Date().toISOString()}"><saml:NameID>@NOT_USED@</saml:NameID><samlp:SessionIndex>${ticket}</samlp:SessionIndex></samlp:LogoutRequest>`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return cas;
}
