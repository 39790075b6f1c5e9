// Enumerations of SPEC §3 with the wire numbers of DESIGN.md's API contract.
// A label is the English wire value; `zh` and `en` are what a person reads.

export type EnumEntry = { readonly value: string; readonly num: number; readonly zh: string; readonly en: string };

function entries<const T extends readonly EnumEntry[]>(list: T): T {
  return list;
}

export const personTypes = entries([
  { value: 'professor', num: 1, zh: '教授', en: 'Professor' },
  { value: 'associate professor', num: 2, zh: '副教授', en: 'Associate Professor' },
  { value: 'young researcher', num: 3, zh: '青年研究员', en: 'Young Researcher' },
  { value: 'young associate researcher', num: 3, zh: '青年副研究员', en: 'Young Associate Researcher' },
  { value: 'postdoc', num: 4, zh: '博士后', en: 'Postdoc' },
  { value: 'PhD', num: 5, zh: '博士生', en: 'PhD Student' },
  { value: 'master', num: 6, zh: '硕士生', en: 'Master Student' },
  { value: 'undergraduate', num: 7, zh: '本科生', en: 'Undergraduate' },
  { value: 'former member', num: 8, zh: '已毕业成员', en: 'Former Member' },
  { value: 'other', num: 8, zh: '其他', en: 'Other' },
]);

export const areas = entries([
  { value: 'none', num: 0, zh: '无', en: 'None' },
  { value: 'social computing', num: 1, zh: '社会计算', en: 'Social Computing' },
  { value: 'knowledge modeling and privacy computing', num: 2, zh: '知识建模与隐私计算', en: 'Knowledge Modeling and Privacy Computing' },
  { value: 'human-computer interaction and embodied learning', num: 3, zh: '人机交互与具身学习', en: 'Human-Computer Interaction and Embodied Learning' },
  { value: 'multimodal and machine learning', num: 4, zh: '多模态与机器学习', en: 'Multimodal and Machine Learning' },
  { value: 'computational argumentation', num: 5, zh: '计算论辩', en: 'Computational Argumentation' },
  { value: 'smart healthcare', num: 6, zh: '智慧医疗', en: 'Smart Healthcare' },
  { value: 'graph models', num: 7, zh: '图模型', en: 'Graph Models' },
  { value: 'agents', num: 8, zh: '智能体', en: 'Agents' },
  { value: 'social simulation', num: 9, zh: '社会仿真', en: 'Social Simulation' },
]);

export const publicationTypes = entries([
  { value: 'paper', num: 1, zh: '论文', en: 'Paper' },
  { value: 'monograph', num: 2, zh: '专著', en: 'Monograph' },
  { value: 'patent', num: 3, zh: '专利', en: 'Patent' },
  // kinds of work a lab's bibliography holds beyond SPEC's three (2026-11-25-0010-publication-kinds)
  { value: 'doctoral thesis', num: 4, zh: '博士学位论文', en: 'Doctoral thesis' },
  { value: 'master thesis', num: 5, zh: '硕士学位论文', en: "Master's thesis" },
  { value: 'software', num: 6, zh: '软件', en: 'Software' },
  { value: 'webpage', num: 7, zh: '网页', en: 'Web page' },
  // the kinds citation styles tell apart (docs/decisions/074-publication-kinds.md): a journal or conference
  // paper stays a paper told by its venue kind, a book a monograph
  { value: 'chapter', num: 8, zh: '图书章节', en: 'Book chapter' },
  { value: 'report', num: 9, zh: '科技报告', en: 'Report' },
  { value: 'standard', num: 10, zh: '标准', en: 'Standard' },
  { value: 'newspaper', num: 11, zh: '报纸文章', en: 'Newspaper article' },
  { value: 'archive', num: 12, zh: '档案', en: 'Archive' },
  { value: 'dataset', num: 13, zh: '数据集', en: 'Dataset' },
  { value: 'preprint', num: 14, zh: '预印本', en: 'Preprint' },
  { value: 'talk', num: 15, zh: '演讲', en: 'Talk' },
]);

/** Where a paper appeared: Google Scholar's conference or journal title, BibTeX's @inproceedings or @article. */
export const venueKinds = entries([
  { value: 'conference', num: 1, zh: '会议', en: 'Conference' },
  { value: 'journal', num: 2, zh: '期刊', en: 'Journal' },
  { value: 'other', num: 3, zh: '其他', en: 'Other' },
]);

// which venue rank systems the public pages show (common/venue-ranks.ts)
export const venueRankChoices = entries([
  { value: 'none', num: 1, zh: '不显示', en: 'None' },
  { value: 'ccf', num: 2, zh: 'CCF 推荐目录', en: 'CCF list' },
  { value: 'core', num: 3, zh: 'CORE 会议排名', en: 'CORE ranks' },
  { value: 'ccf,core', num: 4, zh: 'CCF 与 CORE', en: 'CCF and CORE' },
]);

export const articleTypes = entries([
  { value: 'seminar notice', num: 1, zh: '研讨会通知', en: 'Seminar Notice' },
  { value: 'report summary', num: 2, zh: '报告总结', en: 'Report Summary' },
  { value: 'lab hot topic', num: 3, zh: '实验室热点', en: 'Lab Hot Topic' },
  { value: 'paper reading', num: 4, zh: '论文阅读', en: 'Paper Reading' },
  { value: 'technical tutorial', num: 5, zh: '技术教程', en: 'Technical Tutorial' },
]);

export const roomTypes = entries([
  { value: 'Tencent meeting', num: 1, zh: '腾讯会议', en: 'Tencent Meeting' },
  { value: 'Zoom meeting', num: 2, zh: 'zoom', en: 'Zoom' },
]);

export const authorities = entries([
  { value: 'admin', num: 1, zh: '管理员', en: 'Administrator' },
  { value: 'user', num: 2, zh: '普通用户', en: 'Ordinary user' },
]);

export const linkTypes = entries([
  { value: 'none', num: 0, zh: '无个人主页', en: 'No personal page' },
  { value: 'markdown', num: 1, zh: 'Markdown 模板页', en: 'Markdown page' },
  { value: 'html', num: 2, zh: 'HTML 静态页', en: 'HTML page' },
  { value: 'link', num: 3, zh: '已有主页链接', en: 'Existing page link' },
]);

/** Sections of the public site whose pages an administrator writes (SPEC §2: /curriculum, /sharedtask). */
export const pageSections = entries([
  { value: 'course', num: 1, zh: '课程', en: 'Course' },
  { value: 'sharedtask', num: 2, zh: '评测任务', en: 'Shared task' },
]);

/** Where a showcase item appears: the home page's image carousel, or its tool and project carousels (SPEC §2). */
export const showcaseKinds = entries([
  { value: 'carousel', num: 1, zh: '首页轮播图', en: 'Home carousel' },
  { value: 'tool', num: 2, zh: '标注工具', en: 'Annotation tool' },
  { value: 'project', num: 3, zh: '开源项目', en: 'Open-source project' },
]);

/** The advisor's name lists (SPEC §2 advisor info): the names are data the advisor keeps, these are the lists. */
export const nameLists = entries([
  { value: 'class', num: 1, zh: '全班', en: 'Whole class' },
  { value: 'branch', num: 2, zh: '党支部', en: 'Party branch' },
  { value: 'probationary', num: 3, zh: '预备党员', en: 'Probationary members' },
  { value: 'disadvantaged', num: 4, zh: '家庭经济困难学生', en: 'Financially disadvantaged' },
]);

export type Lang = 'zh' | 'en';

export function enumValues(list: readonly EnumEntry[]): [string, ...string[]] {
  return list.map((e) => e.value) as [string, ...string[]];
}

export function enumByValue(list: readonly EnumEntry[], value: string): EnumEntry | undefined {
  return list.find((e) => e.value === value);
}

export function enumLabel(list: readonly EnumEntry[], value: string, lang: Lang): string {
  return enumByValue(list, value)?.[lang] ?? value;
}
