// `node bench/scale-seed.ts <DATA_DIR> <size>`: the demo lab grown to a real, older lab's size, through
// the same services and validation the API uses (npm run bench -- scale). Sizes follow docs/performance.md (empty: the
// administrator alone; demo: the demo lab, about 40 publications);
// 1k = 1,000 publications, 250 people, 120 articles, 120 news; 10k = 10,000, 1,000, 500, 500.
import { article } from '../common/resources/article.ts';
import { news } from '../common/resources/news.ts';
import { person } from '../common/resources/person.ts';
import { publication } from '../common/resources/publication.ts';
import { create, seedDemo } from '../cli/demo/seed.ts';
import type { Crud } from '../server/services/crud.ts';
import { createDatabase, migrate } from '../server/db/database.ts';
import { actorByUsername } from '../server/services/auth.ts';
import { articles, newsItems } from '../server/services/content.ts';
import type { Ctx } from '../server/services/context.ts';
import { people } from '../server/services/people.ts';
import { publications } from '../server/services/publications.ts';
import { DiskStorage } from '../server/storage/storage.ts';
import { ensureAdmin } from '../server/services/bootstrap.ts';

export const sizes = {
  /** No content at all, the administrator alone: the reference the other sizes are measured against. */
  empty: { publications: 0, people: 0, articles: 0, news: 0 },
  demo: { publications: 0, people: 0, articles: 0, news: 0 },
  '1k': { publications: 1_000, people: 250, articles: 120, news: 120 },
  '10k': { publications: 10_000, people: 1_000, articles: 500, news: 500 },
} as const;
export type Size = keyof typeof sizes;

const words = [
  'graph',
  'argument',
  'mining',
  'social',
  'network',
  'privacy',
  'embodied',
  'multimodal',
  'agent',
  'simulation',
  'health',
  'learning',
  'knowledge',
  'language',
  'model',
  'summarization',
];
const phrase = (i: number, n: number) => Array.from({ length: n }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ');
// Abstracts, in English and Chinese, for the site search: words of a made-up vocabulary of
// 4,000, drawn as often as words are in real text (Zipf's law: the n-th most common about 1/n as often), so
// a common word is in most abstracts and a rare one in a few, as in a real lab's list.
const syllables = ['ka', 'ri', 'to', 'ne', 'sa', 'mo', 'lu', 'pe', 'di', 'gra', 'ver', 'tion', 'al', 'in', 'co', 'ex'];
const vocabulary = Array.from({ length: 4000 }, (_, n) => {
  let w = '';
  for (let x = n + 17; x > 0; x = Math.floor(x / syllables.length)) w += syllables[x % syllables.length];
  return w;
});
const zhChars = '情感分析社会计算知识图谱隐私保护论辩挖掘多模态智能体舆推荐系统大模型医疗对话群体行为学习网络数据安全传播';
const zhWords = Array.from({ length: 400 }, (_, n) => `${zhChars[n % zhChars.length]}${zhChars[(n * 7 + 3) % zhChars.length]}`);
/** A deterministic pseudo-random number in [0, 1) for (i, k). */
const unit = (i: number, k: number) => {
  const x = Math.sin(i * 12.9898 + k * 78.233) * 43758.5453;
  return x - Math.floor(x);
};
/** A word of `list` by Zipf's law: rank ⌊n^u⌋ for u uniform, n the list's length. */
const zipf = <T>(list: readonly T[], i: number, k: number) => list[Math.min(list.length - 1, Math.floor(list.length ** unit(i, k)) - 1)] as T;
const abstractOf = (i: number) =>
  `${Array.from({ length: 80 }, (_, k) => zipf(vocabulary, i, k)).join(' ')}. ${Array.from({ length: 12 }, (_, k) => zipf(zhWords, i, k + 100)).join('')}。 topic${i % 500}`;
const zhTitle = (i: number) => `${Array.from({ length: 4 }, (_, k) => zipf(zhWords, i, k + 200)).join('')}研究`;

type Resource = typeof person | typeof publication | typeof article | typeof news;
/** One record of a lab of `size`, as the form its create call takes (the API's and the services' alike). */
export type Entry = { resource: Resource; input: Record<string, string> };

/** The records a lab of `size` has beyond the demo's, people first (the publications name them). */
export function* entries(size: Size): Generator<Entry> {
  const want = sizes[size];
  for (let n = 0; n < want.people; n++)
    yield {
      resource: person,
      input: {
        uid: `B${n}`,
        username: `bench${n}`,
        name_zh: `成员${n}`,
        name_en: `Member ${n}`,
        password: 'bench-password',
        password2: 'bench-password',
        type: n % 9 === 0 ? 'former member' : 'PhD',
        status: n % 9 === 0 ? 'false' : 'true',
        entrance: String(2000 + (n % 25)),
        description_en: phrase(n, 12),
        link_type: '1',
        link1: `# Member ${n}\n\n${phrase(n, 60)}`,
      },
    };
  for (let i = 0; i < want.publications; i++)
    yield {
      resource: publication,
      input: {
        title: i % 5 === 4 ? `${zhTitle(i)} ${i}` : `${phrase(i, 8)} ${i}`,
        author: JSON.stringify([`Member ${i % 997}`, `Member ${(i * 13) % 997}`, 'A. Colleague']),
        // half carry an abstract, as in a list where papers imported from BibTeX have one and papers
        // typed in by hand often do not
        abstract: i % 2 === 0 ? abstractOf(i) : '',
        keywords: JSON.stringify([words[i % words.length], zipf(vocabulary, i, 300), zipf(zhWords, i, 301)]),
        source: ['ACL', 'EMNLP', 'WWW', 'KDD', 'AAAI', 'TKDE'][i % 6] as string,
        year: String(2026 - (i % 30)),
        month: String(1 + (i % 12)),
        area: ['social computing', 'computational argumentation', 'graph models', 'agents'][i % 4] as string,
        link1: `https://example.org/paper/${i}`,
      },
    };
  for (let i = 0; i < want.articles; i++)
    yield {
      resource: article,
      input: {
        title: `${phrase(i, 5)} ${i}`,
        abstract: phrase(i, 30),
        markdown: `# ${phrase(i, 4)}\n\n${phrase(i, 400)}\n\n## More\n\n${phrase(i + 1, 300)}`,
        release: 'true',
        authors: JSON.stringify([`Member ${i}`]),
      },
    };
  for (let i = 0; i < want.news; i++)
    yield {
      resource: news,
      input: { abstract: `${phrase(i, 6)} ${i}`, content_en: `<p>${phrase(i, 80)}</p>`, content_zh: `<p>${phrase(i, 80)}</p>`, release: 'true' },
    };
}

/** The demo lab (or, for `empty`, the administrator alone) in `dataDir`, through the services. */
export async function seedBase(dataDir: string, size: Size): Promise<void> {
  const db = createDatabase({ dataDir, databaseUrl: undefined });
  const storage = new DiskStorage(dataDir);
  try {
    await migrate(db);
    await storage.init();
    if (size === 'empty') await ensureAdmin(db, { adminUsername: 'labadmin', adminPassword: 'bench-admin-password' });
    else await seedDemo(db, storage, 'bench-admin-password', {});
  } finally {
    await storage.close();
    await db.destroy();
  }
}

async function main() {
  const [dataDir, size] = process.argv.slice(2) as [string, Size];
  if (!dataDir || !sizes[size]) throw new Error('usage: node bench/scale-seed.ts <DATA_DIR> empty|demo|1k|10k');
  await seedBase(dataDir, size);
  const db = createDatabase({ dataDir, databaseUrl: undefined });
  const storage = new DiskStorage(dataDir);
  try {
    const actor = await actorByUsername(db, 'labadmin');
    const ctx: Ctx = { db, storage, actor, lang: 'en' };
    const crudOf = new Map<Resource, Crud>([
      [person, people],
      [publication, publications],
      [article, articles],
      [news, newsItems],
    ]);
    // people hash a password each (argon2 on the thread pool): a few at a time
    let batch: Promise<number>[] = [];
    for (const { resource, input } of entries(size)) {
      batch.push(create(crudOf.get(resource) as Crud, resource, ctx, input));
      if (resource !== person || batch.length >= 8) {
        await Promise.all(batch);
        batch = [];
      }
    }
    await Promise.all(batch);
    console.log(JSON.stringify({ size, ...sizes[size] }));
  } finally {
    await storage.close();
    await db.destroy();
  }
}

if (import.meta.main) await main();
