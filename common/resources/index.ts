import { article } from './article.ts';
import { info } from './info.ts';
import { news } from './news.ts';
import { person } from './person.ts';
import { publication } from './publication.ts';
import { seminar } from './seminar.ts';

export { article, info, news, person, publication, seminar };
export const resources = { article, info, news, person, publication, seminar } as const;
