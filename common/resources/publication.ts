import { areas, publicationTypes, venueKinds } from '../enums.ts';
import { YEARS } from '../fields.ts';
import { paths } from '../paths.ts';
import { defineResource } from '../resource.ts';

export const publication = defineResource({
  name: 'publication',
  label: { zh: '论文', en: 'Publications' },
  table: 'publication',
  id: 'pid',
  path: '/api/publication/',
  fields: {
    title: { kind: 'text', label: { zh: '标题', en: 'Title' }, required: true, max: 500 },
    // required unless editors are given (an edited book, proceedings): `refine` below
    author: { kind: 'list', label: { zh: '作者列表', en: 'Authors' }, max: 100, widget: 'names' },
    source: { kind: 'text', label: { zh: '发表平台', en: 'Platform' }, required: true, max: 300 },
    type: {
      kind: 'enum',
      label: { zh: '类型', en: 'Type' },
      options: publicationTypes,
      numField: 'type_num',
      default: 'paper',
    },
    area: { kind: 'enum', label: { zh: '方向', en: 'Area' }, options: areas, numField: 'area_num', default: 'none' },
    year: { kind: 'int', label: { zh: '年份', en: 'Year' }, ...YEARS, default: new Date().getFullYear(), widget: 'year' },
    // unknown stays unknown: no default, empty is NULL
    month: { kind: 'int', label: { zh: '月份', en: 'Month' }, min: 1, max: 12, widget: 'month' },
    link1: { kind: 'url', label: { zh: '官方链接', en: 'Official link' } },
    link2: { kind: 'url', label: { zh: '代码仓库', en: 'Code repository' } },
    link3: { kind: 'url', label: { zh: '公众号文章', en: 'WeChat article' } },
    link4: { kind: 'url', label: { zh: '视频', en: 'Video' } },
    // each answered with its address (file1_url…), empty while it has no file (server/kinds/uploads.ts)
    file1: { kind: 'file', label: { zh: '论文文件', en: 'Paper (pdf)' }, bucket: 'publication' },
    file2: { kind: 'file', label: { zh: '幻灯片', en: 'Slides' }, bucket: 'publication' },
    file3: { kind: 'file', label: { zh: '数据集', en: 'Dataset' }, bucket: 'publication' },
    order: { kind: 'int', label: { zh: '排序', en: 'Order' }, min: -100000, max: 100000, default: 0 },
    // the publication's own page, Google Scholar and citations
    venue_kind: { kind: 'enum', label: { zh: '发表类型', en: 'Venue kind' }, options: venueKinds, default: 'conference' },
    doi: { kind: 'text', label: { zh: 'DOI', en: 'DOI' }, max: 200, format: 'doi' },
    abstract: { kind: 'longtext', label: { zh: '摘要', en: 'Abstract' }, max: 10000 },
    keywords: { kind: 'list', label: { zh: '关键词', en: 'Keywords' }, max: 50 },
    // which member each author is, one entry per author (common/authors.ts); the server matches "auto" by name
    author_members: {
      kind: 'list',
      label: { zh: '作者中的成员', en: 'Members among the authors' },
      max: 100,
      format: 'member_link',
      widget: 'author-members',
    },
    // each name's parts as BibTeX read them (common/authors.ts), one JSON object per name; not edited
    author_parts: { kind: 'list', label: { zh: '作者姓名结构', en: 'Author name parts' }, max: 100, format: 'name_parts' },
    // what citations need
    volume: { kind: 'text', label: { zh: '卷', en: 'Volume' }, max: 50 },
    issue: { kind: 'text', label: { zh: '期', en: 'Issue' }, max: 50 },
    pages: { kind: 'text', label: { zh: '页码', en: 'Pages' }, max: 50 },
    publisher: { kind: 'text', label: { zh: '出版者', en: 'Publisher' }, max: 300 },
    // where it was published (BibTeX's address or location; a thesis's city)
    // the title's words the file protects with braces ({Twitter}), kept as written in APA's sentence case; not edited
    title_protected: { kind: 'list', label: { zh: '标题中保持原样的词', en: 'Title words kept as written' }, max: 50 },
    place: { kind: 'text', label: { zh: '出版地', en: 'Place of publication' }, max: 100 },
    editors: { kind: 'list', label: { zh: '编者', en: 'Editors' }, max: 100, widget: 'names' },
    editor_parts: { kind: 'list', label: { zh: '编者姓名结构', en: 'Editor name parts' }, max: 100, format: 'name_parts' },
    edition: { kind: 'text', label: { zh: '版次', en: 'Edition' }, max: 50 },
    isbn: { kind: 'text', label: { zh: 'ISBN', en: 'ISBN' }, max: 50 },
    // the kinds' own fields (docs/decisions/074-publication-kinds.md): a report's, a standard's or a patent's number,
    // a book's or proceedings' series, a patent's application date, a web page's access date
    number: { kind: 'text', label: { zh: '编号（报告号、标准号、专利号）', en: 'Number (report, standard, patent)' }, max: 100 },
    series: { kind: 'text', label: { zh: '丛书', en: 'Series' }, max: 300 },
    filed: { kind: 'date', label: { zh: '申请日期', en: 'Filed on' } },
    accessed: { kind: 'date', label: { zh: '访问日期', en: 'Accessed on' } },
    // the editor's correction of the venue rank match (server/services/venue-rank.ts)
    venue_key: {
      kind: 'text',
      label: { zh: '等级匹配（空为自动；none 为不显示；或填 DBLP 键、简称）', en: 'Rank match (empty: automatic; none; or a DBLP key or abbreviation)' },
      max: 300,
      widget: 'venue',
    },
  },
  // venue_rank, the venue's rank in every list it matched ("CCF A · CORE A*"), for the
  // console (the editor checks the match before the site shows it; the public pages show the chosen systems)
  derived: { venue_rank: { kind: 'text' } },
  history: {},
  // an edited book or proceedings names its editors instead of authors (docs/decisions/075-editors-and-years-as-written.md)
  refine(value, { mode, issue }) {
    const none = (v: unknown) => !Array.isArray(v) || v.every((n) => String(n).trim() === '');
    if (mode === 'update' && !('author' in value)) return;
    if (none(value.author) && none(value.editors)) issue('author', 'required');
  },
  access: { read: 'member', create: 'member', update: 'member', delete: 'member' },
  publicPath: (row) => (typeof row.pid === 'number' ? paths.publicationItem(row.pid) : undefined),
  listColumns: ['year', 'source', { key: 'title', title: true, opens: true }, 'area', { key: 'venue_rank', label: { zh: '等级', en: 'Rank' } }],
  // SPEC §2 console/publication: the editor stays open after an update (SPEC §4)
  console: {
    icon: 'publication',
    editor: 'side',
    keepOpenOnUpdate: true,
    // a paper is found by its authors, DOI or keywords as well as its title
    filter: ['author', 'doi', 'keywords'],
    // each kind's own fields (docs/decisions/074-publication-kinds.md); a field not named here is every kind's
    editorWhen: {
      field: 'type',
      show: {
        venue_kind: ['paper'],
        venue_key: ['paper'],
        volume: ['paper', 'monograph', 'chapter'],
        issue: ['paper'],
        pages: ['paper', 'chapter', 'report', 'standard', 'newspaper'],
        publisher: ['paper', 'monograph', 'chapter', 'standard', 'patent', 'doctoral thesis', 'master thesis', 'dataset', 'software'],
        place: ['paper', 'monograph', 'chapter', 'report', 'standard', 'newspaper', 'archive', 'talk', 'doctoral thesis', 'master thesis'],
        editors: ['paper', 'monograph', 'chapter'],
        edition: ['monograph', 'chapter', 'standard', 'dataset', 'software'],
        series: ['paper', 'monograph', 'chapter', 'report'],
        isbn: ['paper', 'monograph', 'chapter'],
        number: ['report', 'standard', 'patent', 'preprint'],
        filed: ['patent'],
        accessed: ['webpage', 'software', 'dataset', 'preprint', 'newspaper', 'report', 'standard', 'archive'],
      },
    },
    editorFields: [
      'title',
      'author',
      'author_members',
      'source',
      'venue_kind',
      'venue_key',
      'type',
      'area',
      'year',
      'month',
      'volume',
      'issue',
      'pages',
      'publisher',
      'place',
      'editors',
      'edition',
      'series',
      'isbn',
      'number',
      'filed',
      'accessed',
      'doi',
      'abstract',
      'keywords',
      'link1',
      'link2',
      'link3',
      'link4',
      'file1',
      'file2',
      'file3',
    ],
  },
  orderBy: [
    ['year', 'desc'],
    ['month', 'desc'],
    ['order', 'desc'],
    ['pid', 'desc'],
  ],
});
