import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import { Refused, Unavailable } from '../errors.ts';
import { tlsCause } from '../tls-cause.ts';
import type { Mail } from './template.ts';

// Outgoing mail over SMTP: nodemailer with SMTP_URL and MAIL_FROM. A send takes at most
// SMTP_TIMEOUT_MS in all (connection, greeting, each answer), so no request waits long for a slow server; a
// failure is logged with the server's error code and never the address, which holds the password; callers
// get a clear error (`mail_failed`), or `mail_not_configured` when there is no SMTP server to ask.

type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type Outgoing = Mail & { to: string };

export class Mailer {
  readonly #config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'smtpTimeoutMs'>;
  readonly #log: Log;
  readonly #pending = new Set<Promise<unknown>>();
  #transport: Transporter | undefined;

  constructor(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'smtpTimeoutMs'>, log: Log) {
    this.#config = config;
    this.#log = log;
  }

  /** Whether mail can be sent at all: SMTP_URL and MAIL_FROM are both set. */
  get configured(): boolean {
    return !!this.#config.smtpUrl && !!this.#config.mailFrom;
  }

  /** Refuses with a bilingual "what is missing" when mail cannot be sent. */
  requireConfigured(): void {
    if (!this.configured) throw new Refused('mail_not_configured');
  }

  /** nodemailer is loaded with the first mail: it holds about 25 MB, which a lab that sends none keeps. */
  async #transporter(): Promise<Transporter> {
    if (!this.#transport) {
      const ms = this.#config.smtpTimeoutMs;
      const { default: nodemailer } = await import('nodemailer');
      this.#transport = nodemailer.createTransport(
        this.#config.smtpUrl as string,
        {
          // each step of the conversation is bounded; the whole send too (send below)
          connectionTimeout: ms,
          greetingTimeout: ms,
          socketTimeout: ms,
          dnsTimeout: ms,
          // no pool: one connection per mail, closed after it (mail is rare here)
        } as object,
      );
    }
    return this.#transport;
  }

  /** Sends one mail; resolves when the SMTP server accepted it, else throws Unavailable('mail_failed') within SMTP_TIMEOUT_MS. */
  async send(mail: Outgoing, what: string): Promise<void> {
    this.requireConfigured();
    const ms = this.#config.smtpTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const sending = (await this.#transporter()).sendMail({
      from: this.#config.mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    // a server that accepts the connection and then says nothing is given up on as a whole, too
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('the SMTP server did not answer in time'), { code: 'ETIMEDOUT' })), ms + 1_000);
    });
    try {
      await Promise.race([sending, late]);
    } catch (e) {
      sending.catch(() => {});
      const err = e as { code?: string; responseCode?: number; command?: string };
      // what failed and where, never the SMTP address (it holds the password) nor the mail (it holds a link); a
      // certificate Node.js does not trust says so (nodemailer's own code is only ESOCKET)
      this.#log.error({ mail: what, code: err.code, responseCode: err.responseCode, command: err.command, ...tlsCause(e) }, 'a mail could not be sent');
      throw new Unavailable('mail_failed');
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs `work` after the answer has gone (a reset request answers alike whether or not a mail follows); failures are logged. */
  later(what: string, work: () => Promise<void>): void {
    const p = (async () => {
      await new Promise((r) => setImmediate(r));
      await work();
    })()
      .catch((e: unknown) => {
        if (!(e instanceof Unavailable)) this.#log.error({ mail: what, err: e instanceof Error ? e.message : String(e) }, 'a background mail task failed');
      })
      .finally(() => this.#pending.delete(p));
    this.#pending.add(p);
  }

  /** Waits for the background tasks under way (closing, tests). */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  close(): void {
    this.#transport?.close();
  }
}
