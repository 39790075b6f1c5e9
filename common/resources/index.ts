import { article } from './article.ts';
import { award } from './award.ts';
import { info } from './info.ts';
import { news } from './news.ts';
import { opening } from './opening.ts';
import { page } from './page.ts';
import { patent } from './patent.ts';
import { person } from './person.ts';
import { project } from './project.ts';
import { publication } from './publication.ts';
import { seminar } from './seminar.ts';
import { showcase } from './showcase.ts';
import { site } from './site.ts';

// `resources` are the listed collections; `site` is a single record (no list, no create or delete).
// Their order is the console drawer's, for those with a declared screen.
export { article, award, info, news, opening, page, patent, person, project, publication, seminar, showcase, site };
export const resources = { person, article, publication, project, news, seminar, info, page, showcase, award, patent, opening } as const;

/** The names of the declared resources. */
export type ResourceName = keyof typeof resources;
