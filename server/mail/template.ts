import type { Lang } from '../../common/enums.ts';
import { escapeHtml } from '../escape-html.ts';

// Every mail the lab sends, built by one helper: in the recipient's language when it is
// known, else in both (Chinese first, then English) in one mail; as plain text and as HTML, the same words.
// Every value put into a mail is escaped in its HTML; the plain text carries it as it is.

type Bilingual = { zh: string; en: string };

/** One mail's words: a subject, paragraphs with {name} placeholders, an optional link (a button in HTML). */
export type MailTemplate = {
  subject: Bilingual;
  paragraphs: Bilingual[];
  link?: { label: Bilingual; url: string };
  /** Said after the link: validity, what to do if one did not ask. */
  after?: Bilingual[];
};

export type Mail = { subject: string; text: string; html: string };

/** Fills {name} placeholders (one pass, linear); a value never becomes a placeholder itself. */
function fill(text: string, params: Record<string, string | number>, quote: (s: string) => string = (s) => s): string {
  return text.replace(/\{(\w{1,40})\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? quote(String(params[name])) : whole));
}

/** A header-safe subject: no line breaks, at most 200 characters. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').slice(0, 200);

/** The mail of `template` with `params`, in `lang`, or in both languages when the recipient's is not known. */
export function renderMail(template: MailTemplate, params: Record<string, string | number>, lang?: Lang): Mail {
  const langs: Lang[] = lang ? [lang] : ['zh', 'en'];
  const subject = oneLine(langs.map((l) => fill(template.subject[l], params)).join(' / '));
  const textParts: string[] = [];
  const htmlParts: string[] = [];
  for (const l of langs) {
    const text: string[] = template.paragraphs.map((p) => fill(p[l], params));
    const html: string[] = template.paragraphs.map((p) => `<p>${fill(escapeHtml(p[l]), params, escapeHtml)}</p>`);
    if (template.link) {
      text.push(`${template.link.label[l]}:\n${template.link.url}`);
      const url = escapeHtml(template.link.url);
      html.push(
        `<p><a href="${url}" style="display:inline-block;padding:8px 16px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(template.link.label[l])}</a></p>`,
        `<p style="font-size:13px;color:#555">${url}</p>`,
      );
    }
    for (const p of template.after ?? []) {
      text.push(fill(p[l], params));
      html.push(`<p style="font-size:13px;color:#555">${fill(escapeHtml(p[l]), params, escapeHtml)}</p>`);
    }
    textParts.push(text.join('\n\n'));
    htmlParts.push(`<div lang="${l === 'zh' ? 'zh-CN' : 'en'}">${html.join('\n')}</div>`);
  }
  return {
    subject,
    text: `${textParts.join('\n\n----------\n\n')}\n`,
    html: `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif;line-height:1.5">${htmlParts.join('<hr>')}</body></html>`,
  };
}
