// The campus servers and the mail server the site is configured to, in a process of their own (as a lab's would
// be): the tests' OIDC provider, CAS and SMTP stand-ins and Debian's slapd (tests/helpers/), on ports the system
// chooses. The site reaches slapd through a relay that keeps every byte it sends there, so that a check can look
// for a password on the wire. A control server chooses who logs in next and lists the mails. Writes the
// addresses to $OUT/standins.json once all listen.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { casServer } from '../../tests/helpers/cas.ts';
import { slapd } from '../../tests/helpers/ldap.ts';
import { oidcProvider } from '../../tests/helpers/oidc.ts';
import { smtpServer } from '../../tests/helpers/smtp.ts';
import { OUT, SITE } from './lib.ts';

const listen = async (server: net.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
};

const oidc = await oidcProvider(() => [`${SITE}/api/login/oidc/callback/`]);
const cas = await casServer();
const smtp = await smtpServer();
// the demo administrator's username is also a campus student's uid: a directory match must not open the admin
const ldap = await slapd([
  { uid: 'labadmin', password: 'student-campus-pw-1', cn: 'A Student Named labadmin', mail: 'student.labadmin@campus.test' },
  { uid: 'demo.user', password: 'campus-pw-demo-user', cn: 'Kexin Song', mail: 'demo.user@campus.test' },
]);

const wire = fs.createWriteStream(`${OUT}/ldap-wire.bin`, { flags: 'a' });
let binds = 0;
const slapdPort = Number(new URL(ldap.url).port);
const relay = net.createServer((client) => {
  const upstream = net.connect(slapdPort, '127.0.0.1');
  client.on('data', (d) => {
    wire.write(d);
    // a BindRequest is APPLICATION 0 (0x60) after the message id; a rough count is enough
    if (d.includes(Buffer.from([0x60]))) binds++;
  });
  client.pipe(upstream).pipe(client);
  client.on('error', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
});
const relayPort = await listen(relay);

const control = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : null;
    const json = (v: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(v));
    if (req.url === '/oidc/next') {
      oidc.nextAccount = body;
      return json({ ok: true });
    }
    if (req.url === '/cas/next') {
      cas.nextUser = body;
      return json({ ok: true });
    }
    if (req.url === '/cas/issued') return json(cas.issued);
    if (req.url === '/mails') return json(smtp.mails.map((m) => ({ to: m.to, subject: m.subject, text: m.text })));
    if (req.url === '/ldap/binds') return json({ binds });
    res.writeHead(404).end();
  });
});
const controlPort = await listen(control);

const info = {
  oidc: oidc.issuer,
  oidcClientId: oidc.clientId,
  oidcClientSecret: oidc.clientSecret,
  cas: cas.url,
  smtp: smtp.url,
  ldap: `ldap://127.0.0.1:${relayPort}`,
  slapd: ldap.url,
  control: `http://127.0.0.1:${controlPort}`,
};
fs.writeFileSync(`${OUT}/standins.json`, JSON.stringify(info, null, 2));
console.log('stand-ins up', info);
// slapd is a child with a temporary folder: stop it and remove the folder before leaving
const stop = async () => {
  await ldap.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
