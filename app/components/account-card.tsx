import type { FormEvent, ReactNode } from 'react';
import { type MetaDescriptor, Link, type RouterContextProvider } from 'react-router';
import { pageDataContext } from '#page-context';
import { pick } from '../../common/lang.ts';
import type { Lang } from '../../common/enums.ts';
import { useT } from '../i18n/index.tsx';
import { seo } from '../lib/seo.ts';
import { HomeIcon } from './icons.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { at } from '../lib/base.ts';

// The pages of one's account outside the console (login, invitation, "forgot password", password reset):
// one card on the lab's colours, with the way home and the language menu, the page's title and the lab's
// name; each page keeps only its own form.

/** What the account pages' loaders give: the page's language and origin, and the lab's name in it. */
export async function accountPageData({ context }: { context: Readonly<RouterContextProvider> }) {
  const data = context.get(pageDataContext);
  const site = await data.site();
  return {
    lang: data.lang,
    origin: data.origin,
    forced: data.forced,
    labName: pick(site.lab_name_zh, site.lab_name_en, data.lang),
    // university login: the campus name in the page's language and the kinds set up
    campus: { name: data.campusLogin.name[data.lang], oidc: data.campusLogin.oidc, cas: data.campusLogin.cas, ldap: data.campusLogin.ldap },
    mail: data.mail,
  };
}

type AccountPageData = Awaited<ReturnType<typeof accountPageData>>;

/**
 * A JSON POST from an account page, with the CSRF pair the API asks of a browser without a session, in the
 * page's language (its messages come back in it).
 */
export async function postJson(url: string, payload: unknown, lang: Lang): Promise<Response> {
  const csrf = (await (await fetch(at('/api/csrf/'), { credentials: 'same-origin' })).json()) as { csrftoken: string };
  return fetch(at(url), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-CSRFToken': csrf.csrftoken, 'Accept-Language': lang },
    body: JSON.stringify(payload),
  });
}

/** An account page's head: its title in the page's language beside the lab's name, never indexed. */
export function accountPageMeta(data: AccountPageData | undefined, title: Record<Lang, string>, path: string): MetaDescriptor[] {
  if (!data) return [];
  return [
    ...seo({ title: title[data.lang], lab: data.labName, description: data.labName, origin: data.origin, path, lang: data.lang, forced: data.forced }),
    { name: 'robots', content: 'noindex' },
  ];
}

/** The card: a form named by its title, the way home and the language menu on top, then `children`. */
export function AccountCard({
  id,
  title,
  labName,
  onSubmit,
  children,
}: {
  /** The title's element id (the form is labelled by it). */
  id: string;
  title: string;
  labName: string;
  /** Without it the card is a section (a page that only says something). */
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const { t } = useT();
  const inner = (
    <>
      <div className="top">
        <Link className="icon-button on-light" to="/" aria-label={t('login.home')} title={t('login.home')}>
          <HomeIcon />
        </Link>
        <LanguageMenu light />
      </div>
      <h1 id={id}>{title}</h1>
      <p className="muted small" style={{ marginTop: 4 }}>
        {labName}
      </p>
      {children}
    </>
  );
  return (
    <main className="login-page">
      {onSubmit ? (
        <form className="login-card" method="post" onSubmit={onSubmit} noValidate aria-labelledby={id}>
          {inner}
        </form>
      ) : (
        <section className="login-card" aria-labelledby={id}>
          {inner}
        </section>
      )}
    </main>
  );
}
