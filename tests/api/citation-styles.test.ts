import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicPublication } from '../../common/wire.ts';
import { bibtexOf, citationsOf } from '../../server/services/citations.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { importBib, publicationOf } from '../helpers/bib.ts';
import { type Client, loginAs } from '../helpers/client.ts';

/** GB/T 7714-2015 as the site's GB/T style (a site setting; 2025 is the default): the cases below are 2015's. */
const GBT_2015 = ['gb-t-7714-2015', 'apa'];

// The references tests/fixtures/bib/expected/citations.json writes by hand from GB/T
// 7714-2015's and APA 7's own examples (README.md there names each), for entries of the corpus imported
// as a lab imports them; every string must match exactly (theses and the place of publication included).

const dir = path.join(import.meta.dirname, '..', 'fixtures', 'bib');
type Case = { file: string; key: string; what: string; gbt7714: string | null; apa: string | null };
const cases = (JSON.parse(fs.readFileSync(path.join(dir, 'expected', 'citations.json'), 'utf8')) as { entries: Case[] }).entries;

describe.each(dialects)('references by GB/T 7714-2015 and APA 7 of imported entries, on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await makeApp(dialect);
    admin = await loginAs(t.app, 'admin', 'admin-password');
  });
  afterAll(() => t?.close());

  it.each(cases.map((c) => [`${c.file} ${c.key} (${c.what})`, c] as const))('%s', async (_, c) => {
    const text = fs.readFileSync(path.join(dir, c.file), 'utf8');
    const { stored, remove } = await importBib(admin, text, { choose: (e) => e.key === c.key });
    const cited = await citationsOf(stored[0] as PublicPublication, GBT_2015);
    if (c.gbt7714) expect(cited.gbt).toBe(c.gbt7714);
    if (c.apa) expect(cited.apa).toBe(c.apa);
    await remove();
  });

  it('keeps in APA sentence case the words a .bib protects with braces, acronyms, inner capitals and the first after a colon (point 3)', async () => {
    // real titles (NAACL 2019, KDD 2023, ICSE 2016, Science 2018) as their .bib entries write them
    const text = `@inproceedings{devlin2019bert, title = {{BERT}: Pre-training of Deep Bidirectional Transformers for Language Understanding},
  author = {Devlin, Jacob and Chang, Ming-Wei and Lee, Kenton and Toutanova, Kristina}, booktitle = {Proceedings of NAACL-HLT}, year = {2019}}
@inproceedings{zhang2023twhin, title = {{TwHIN-BERT}: A Socially-Enriched Pre-trained Language Model for Multilingual Tweet Representations at {Twitter}},
  author = {Zhang, Xinyang and Malkov, Yury}, booktitle = {Proceedings of KDD}, year = {2023}}
@inproceedings{vasilescu2016sky, title = {The Sky is Not the Limit: Multitasking Across {GitHub} Projects},
  author = {Vasilescu, Bogdan and Blincoe, Kelly}, booktitle = {Proceedings of ICSE}, year = {2016}}
@article{vosoughi2018spread, title = {The Spread of True and False News Online}, author = {Vosoughi, Soroush and Roy, Deb and Aral, Sinan},
  journal = {Science}, year = {2018}}
`;
    const { stored, remove } = await importBib(admin, text);
    const titles = await Promise.all(stored.map(async (p) => (await citationsOf(p)).apa.replace(/^.*?\(\d{4}\)\. /, '').replace(/\. (In |Science).*$/, '')));
    expect(titles).toEqual([
      'BERT: Pre-training of deep bidirectional transformers for language understanding',
      'TwHIN-BERT: A socially-enriched pre-trained language model for multilingual tweet representations at Twitter',
      'The sky is not the limit: Multitasking across GitHub projects',
      'The spread of true and false news online',
    ]);
    expect(stored[1]?.title_protected).toEqual(['TwHIN-BERT', 'Twitter']);
    // our own export braces those words alone, so they come back from it, and APA's titles with them (point 6)
    const exported = await bibtexOf(stored);
    expect(exported).toContain('title = {{TwHIN-BERT}: A Socially-Enriched Pre-trained Language Model for Multilingual Tweet Representations at {Twitter}}');
    await remove();
    const back = await importBib(admin, exported);
    expect(back.stored.map((p) => p.title_protected)).toEqual(stored.map((p) => p.title_protected));
    expect((await citationsOf(back.stored[1] as PublicPublication)).apa).toContain('at Twitter.');
    await back.remove();
  });
});

// Theses and books with their place of publication, as the styles' own published
// examples write them (GB/T 7714-2015's 4.1 and 8.8; APA 7's Manual 10.2 and 10.6, as apastyle.apa.org shows them).
describe('the styles’ published examples of theses and of books with a place', () => {
  const cite = (fields: Parameters<typeof publicationOf>[0]) => citationsOf(publicationOf(fields), GBT_2015);

  it('GB/T 7714-2015: a thesis [D] with place: school, a book with its edition, place: publisher and pages', async () => {
    const thesis = await cite({ title: '汉语变调构词研究', author: ['孙玉文'], type: 'doctoral thesis', source: '北京大学', place: '北京', year: 2000 });
    expect(thesis.gbt).toBe('孙玉文. 汉语变调构词研究[D]. 北京: 北京大学, 2000.');
    const book = await cite({
      title: '物质结构',
      author: ['徐光宪', '王祥云'],
      type: 'monograph',
      source: '科学出版社',
      place: '北京',
      edition: '2',
      year: 2010,
    });
    expect(book.gbt).toBe('徐光宪, 王祥云. 物质结构[M]. 2版. 北京: 科学出版社, 2010.');
    const pages = await cite({ title: '国史旧闻: 第1卷', author: ['陈登原'], type: 'monograph', source: '中华书局', place: '北京', pages: '29', year: 2000 });
    expect(pages.gbt).toBe('陈登原. 国史旧闻: 第1卷[M]. 北京: 中华书局, 2000: 29.');
  });

  it('APA 7: an unpublished doctoral dissertation, a dissertation from a repository, a book with its publisher and no place', async () => {
    const unpublished = await cite({
      title: 'Instructional leadership perceptions and practices of elementary school leaders',
      author: ['L. Harris'],
      type: 'doctoral thesis',
      source: 'University of Virginia',
      place: 'Charlottesville',
      year: 2014,
    });
    expect(unpublished.apa).toBe(
      'Harris, L. (2014). Instructional leadership perceptions and practices of elementary school leaders [Unpublished doctoral dissertation]. University of Virginia.',
    );
    const published = await cite({
      title: 'The interaction of state and trait worry on response monitoring in those with worry and obsessive-compulsive symptoms',
      author: ['L. Zambrano-Vazquez'],
      type: 'doctoral thesis',
      source: 'University of Arizona',
      publisher: 'UA Campus Repository',
      link1: 'https://repository.arizona.edu/handle/10150/620615',
      year: 2016,
    });
    expect(published.apa).toBe(
      'Zambrano-Vazquez, L. (2016). The interaction of state and trait worry on response monitoring in those with worry and obsessive-compulsive symptoms [Doctoral dissertation, University of Arizona]. UA Campus Repository. https://repository.arizona.edu/handle/10150/620615',
    );
    const book = await cite({
      title: 'The psychology of prejudice: From attitudes to social action',
      author: ['L. M. Jackson'],
      type: 'monograph',
      source: 'American Psychological Association',
      place: 'Washington, DC',
      edition: '2',
      pages: '1–230',
      doi: '10.1037/0000168-000',
      year: 2019,
    });
    expect(book.apa).toBe(
      'Jackson, L. M. (2019). The psychology of prejudice: From attitudes to social action (2nd ed.). American Psychological Association. https://doi.org/10.1037/0000168-000',
    );
    // and GB/T gives the same book its city and pages
    expect(book.gbt).toBe(
      'JACKSON L M. The psychology of prejudice: From attitudes to social action[M]. 2nd ed. Washington: American Psychological Association, 2019: 1-230. DOI:10.1037/0000168-000.',
    );
  });
});
