import type { Config } from '../config.ts';
import type { DB } from '../db/database.ts';
import { logActivity } from '../services/activity.ts';
import type { Published } from '../services/content.ts';
import type { Mailer } from './mailer.ts';
import { codesCappedMail, emailChangedMail, labNames, publishedMail, withLink } from './mails.ts';
import { type MailTemplate, renderMail } from './template.ts';

// Optional notices: when the site setting says so, the author of a record scheduled
// for later gets a mail when it goes public at its time. The author is the member who created the record
// (the activity log's create entry); one without an e-mail address gets nothing. Only the instance whose
// timer logged the publication first is told of it (logPublications), so a mail goes out once.
// (A "submitted a draft for review" notice needs a review flow, which the lab does not have.)

/** Mails the authors of `published`, when the setting is on and mail is set up; a failed mail is logged and skipped. */
export async function noticePublished(
  db: DB,
  mailer: Mailer,
  config: Pick<Config, 'publicUrl' | 'host' | 'port' | 'basePath'>,
  published: readonly Published[],
): Promise<void> {
  if (published.length === 0 || !mailer.configured) return;
  const setting = await db.selectFrom('site_settings').select('notify_publish').executeTakeFirst();
  if (setting?.notify_publish !== 1) return;
  const origin = `${config.publicUrl ?? `http://${config.host}:${config.port}`}${config.basePath}`;
  const names = await labNames(db);
  for (const p of published) {
    const author = await db
      .selectFrom('activity')
      .innerJoin('person', 'person.pid', 'activity.actor_pid')
      .select(['person.pid', 'person.name_zh', 'person.name_en', 'person.username', 'person.email'])
      .where('activity.action', '=', 'create')
      .where('activity.resource', '=', p.resource)
      .where('activity.record', '=', p.record)
      .orderBy('activity.eid')
      .executeTakeFirst();
    if (!author?.email) continue;
    const mail = renderMail(withLink(publishedMail, `${origin}/console`), {
      ...names,
      name_zh: author.name_zh,
      name_en: author.name_en,
      title: p.title,
      kind_zh: p.label.zh,
      kind_en: p.label.en,
    });
    try {
      await mailer.send({ ...mail, to: author.email }, 'publication notice');
      await logActivity({ db, actor: null, address: '' }, { action: 'mail', resource: p.resource, record: p.record, detail: ['published'] });
    } catch {
      await logActivity({ db, actor: null, address: '' }, { action: 'mail', resource: p.resource, record: p.record, outcome: 'failed', detail: ['published'] });
    }
  }
}

/**
 * Mails a member one of the account notices, at `to` (their address unless given), with their names and `extra`
 * filled in; the mail, sent or failed, is in the activity log as `detail`. Nothing without mail or an address.
 */
async function noticeMember(
  db: DB,
  mailer: Mailer,
  pid: number,
  notice: { template: MailTemplate; detail: string; what: string; to?: string; extra?: (p: { email: string | null }) => Record<string, string> },
): Promise<void> {
  if (!mailer.configured) return;
  const p = await db.selectFrom('person').select(['name_zh', 'name_en', 'username', 'email']).where('pid', '=', pid).executeTakeFirst();
  const to = notice.to ?? p?.email;
  if (!p || !to) return;
  const mail = renderMail(notice.template, { ...(await labNames(db)), name_zh: p.name_zh, name_en: p.name_en, username: p.username, ...notice.extra?.(p) });
  const entry = { action: 'mail', resource: 'person', record: pid, detail: [notice.detail] } as const;
  try {
    await mailer.send({ ...mail, to }, notice.what);
    await logActivity({ db, actor: null, address: '' }, entry);
  } catch {
    await logActivity({ db, actor: null, address: '' }, { ...entry, outcome: 'failed' });
  }
}

/** Tells the address a member had that their profile's address was changed. */
export function noticeEmailChanged(db: DB, mailer: Mailer, pid: number, previous: string): Promise<void> {
  if (!previous) return Promise.resolve();
  return noticeMember(db, mailer, pid, {
    template: emailChangedMail,
    detail: 'email_changed',
    what: 'e-mail change notice',
    to: previous,
    extra: (p) => ({ new_email: p.email ?? '' }),
  });
}

/** Tells a member that their account reached the cap of wrong two-factor codes. */
export function noticeCodesCapped(db: DB, mailer: Mailer, pid: number): Promise<void> {
  return noticeMember(db, mailer, pid, { template: codesCappedMail, detail: 'two_factor_capped', what: 'two-factor cap notice' });
}
