import { pick } from '../../../common/lang.ts';
import { themeOfCookie } from '../../../common/theme.ts';
import { publicShowcase, publicSiteSettings } from '../../services/site.ts';
import { renderMarkdown } from '../markdown.ts';
import { sizedBodyImages } from '../body-images.ts';
import type { PageScope } from './shared.ts';

/** What every page knows of its request and of the site: language, theme, addresses, the site's settings and showcase. */
export function siteData({ lab, req, lang, forced, ctx, origin, params, reads }: PageScope) {
  return {
    lang,
    /** The request named its language (?lang=): canonical links then keep it. */
    forced,
    /** The reader's colour theme (the `theme` cookie), rendered on <html> so the first paint has it. */
    theme: themeOfCookie(req.headers.cookie),
    origin,
    /** BASE_PATH ('' at the root; `origin` above already ends with it): robots.txt's rules name paths under it. */
    base: lab.config.basePath,
    /** The query parameters this page reads, normalized (page-params.ts): the only ones loaders see. */
    params,
    analyticsUrl: lab.config.analyticsUrl ?? null,
    /** University login: the campus name and which kinds are set up (the login page's buttons). */
    campusLogin: { name: lab.config.campusName, oidc: lab.config.oidc !== undefined, cas: lab.config.cas !== undefined, ldap: lab.config.ldap !== undefined },
    /** Mail can be sent (SMTP_URL and MAIL_FROM): "forgot password" offers its form only then. */
    mail: lab.mailer.configured,
    /** The class-advisor account whose area lives at /{advisor}/… (null: no such area). */
    advisor: lab.config.advisorUsername ?? null,
    site: () => {
      reads('site');
      return publicSiteSettings(ctx);
    },

    /** The settings with the intro rendered (and as plain text for the meta description). */
    async siteWithIntro() {
      reads('site');
      const s = await publicSiteSettings(ctx);
      const intro = pick(s.intro_zh, s.intro_en, lang);
      return {
        ...s,
        intro_html: await sizedBodyImages(ctx, (await renderMarkdown(intro)).html),
        intro_text: intro
          .replace(/[#*_`>[\]()-]/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 200),
      };
    },

    /** Whether the page was asked for by a POST (a preview of unsaved edits: its action answers, not its loader). */
    posted: req.method === 'POST',

    showcase: async (kind?: 'carousel' | 'tool' | 'project') => {
      reads('site');
      return publicShowcase(ctx, kind);
    },
  };
}
