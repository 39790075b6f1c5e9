import fs from 'node:fs';
import net from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP server in the test process: it takes every mail and keeps it parsed, or refuses
// every recipient (`refuse`); with `tls`, it offers STARTTLS with that certificate, or (`implicit`) speaks TLS
// from the start (smtps://). `hangingServer` accepts connections and never says a word.

type Received = { to: string[]; from: string; subject: string; text: string; html: string; raw: ParsedMail };

export type TestSmtp = {
  port: number;
  url: string;
  mails: Received[];
  /** The next mail to `to` (waits up to `ms`). */
  next: (to: string, ms?: number) => Promise<Received>;
  close: () => Promise<void>;
};

export async function smtpServer(opts: { refuse?: boolean; tls?: { cert: string; key: string; implicit?: boolean } } = {}): Promise<TestSmtp> {
  const mails: Received[] = [];
  const waiters: (() => void)[] = [];
  const { tls } = opts;
  const server = new SMTPServer({
    authOptional: true,
    ...(tls ? { cert: fs.readFileSync(tls.cert), key: fs.readFileSync(tls.key), secure: tls.implicit === true } : { disabledCommands: ['STARTTLS'] }),
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (opts.refuse) return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((raw) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: raw.subject ?? '',
            text: raw.text ?? '',
            html: typeof raw.html === 'string' ? raw.html : '',
            raw,
          });
          for (const w of waiters.splice(0)) w();
          callback();
        })
        .catch(callback);
    },
  });
  // a client that does not trust the certificate hangs up in the handshake: expected here, not a failure of the server
  if (tls) server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  const taken = new Set<Received>();
  return {
    port,
    url: `${tls?.implicit ? 'smtps' : 'smtp'}://127.0.0.1:${port}`,
    mails,
    async next(to, ms = 10_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = mails.find((m) => !taken.has(m) && m.to.includes(to));
        if (found) {
          taken.add(found);
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${ms} ms`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A server that accepts connections and never answers (the SMTP greeting never comes). */
export async function hangingServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The token of the first link to `path#…` in a mail's plain text. */
export function linkToken(text: string, path: string): string {
  const m = new RegExp(`${path}#([A-Za-z0-9_-]{43})`).exec(text);
  if (!m?.[1]) throw new Error(`no ${path} link in the mail`);
  return m[1];
}
