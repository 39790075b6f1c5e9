import { opening } from '../../common/resources/opening.ts';
import type { Ctx } from '../../server/services/context.ts';
import { registry } from '../../server/registry.ts';
import { create } from './seed.ts';

// The demo lab's openings: what a Chinese lab recruits for in late autumn. Their
// deadlines are Beijing time; the summer internship's has passed, so it is kept but no longer public, and
// the research assistant's is written in Chinese only (the public English page says so).

const demoOpenings = [
  {
    kind: 'PhD',
    title_zh: '2027 级博士研究生招生（申请-考核制）',
    title_en: 'PhD admissions for autumn 2027 (application and assessment)',
    description_zh: [
      '实验室计划招收 **2027 级博士研究生 2–3 名**，研究方向包括：',
      '',
      '- 大语言模型智能体与社会仿真',
      '- 计算论辩：论辩挖掘与论证质量评估',
      '- 多模态理解与可信机器学习',
      '- 智慧医疗中的医患对话理解',
      '',
      '**申请条件**：已获得或将于 2027 年 6 月前获得硕士学位；对科研有热情，有扎实的编程与数学基础；以第一作者发表过 CCF A/B 类论文者优先。',
      '',
      '博士生享受学校全额奖学金与实验室补助，并有机会赴合作高校与企业交流访问。',
    ].join('\n'),
    description_en: [
      'The lab will admit **two or three PhD students** for autumn 2027, in:',
      '',
      '- LLM agents and social simulation',
      '- computational argumentation: argument mining and quality assessment',
      '- multimodal understanding and trustworthy machine learning',
      '- doctor–patient dialogue understanding for smart healthcare',
      '',
      "**Requirements**: a master's degree, held or expected by June 2027; a passion for research and solid programming and mathematics. First-author papers at CCF A/B venues are a plus.",
      '',
      'PhD students receive the university’s full scholarship and a lab stipend, and may visit partner universities and companies.',
    ].join('\n'),
    apply_zh:
      '请将 **个人简历、硕士成绩单、代表性论文与两封推荐信** 发送至 lab-admission@example.edu.cn，邮件标题注明“2027 博士申请-姓名”。学校网上报名请于截止时间前完成。',
    apply_en:
      'Send your **CV, master’s transcript, representative papers and two letters of recommendation** to lab-admission@example.edu.cn, with the subject “2027 PhD application – your name”. Register on the university’s admission site before the deadline.',
    posted: '2026-10-08',
    deadline: '2027-03-31T23:59:00+08:00',
    release: true,
  },
  {
    kind: 'Master',
    title_zh: '2027 级硕士研究生招生（含推免生）',
    title_en: "Master's admissions for autumn 2027 (recommended and examination candidates)",
    description_zh:
      '欢迎对自然语言处理、数据挖掘和社会计算感兴趣的同学报考。实验室每年招收 **学术型与专业型硕士 4–6 名**，提供 GPU 集群与充足的实习机会。推免生请尽早联系；统考生请在初试成绩公布后联系。',
    description_en:
      "Students interested in natural language processing, data mining and social computing are welcome. Each year the lab admits **four to six academic and professional master's students**, with a GPU cluster and ample internship opportunities. Recommended candidates should write early; examination candidates after the first-round results.",
    apply_zh: '发送简历与本科成绩单至 lab-admission@example.edu.cn，标题注明“2027 硕士-姓名-推免/统考”。',
    apply_en:
      'Send your CV and undergraduate transcript to lab-admission@example.edu.cn, with the subject “2027 master’s – your name – recommended/examination”.',
    posted: '2026-09-15',
    deadline: '2027-04-15T17:00:00+08:00',
    release: true,
  },
  {
    kind: 'Postdoc',
    title_zh: '博士后研究人员（长期有效）',
    title_en: 'Postdoctoral researchers (open until filled)',
    description_zh:
      '面向海内外招聘 **博士后 1–2 名**，聘期两年，可申请国家“博新计划”与省市博士后资助。要求近三年内获得博士学位，在 ACL、EMNLP、KDD、WWW 等会议或期刊发表过高水平论文。待遇从优，协助申请人才公寓。',
    description_en:
      'We are hiring **one or two postdoctoral researchers** worldwide for two years, with support to apply for national and provincial postdoctoral grants. Candidates should have received their PhD within the last three years and have published at venues such as ACL, EMNLP, KDD or WWW. Competitive salary; help with university housing.',
    apply_zh: '请将简历、研究计划（两页以内）和三位推荐人的联系方式发送至 pi@example.edu.cn。',
    apply_en: 'Send your CV, a research plan (at most two pages) and the contacts of three referees to pi@example.edu.cn.',
    posted: '2026-08-20',
    deadline: null,
    release: true,
  },
  {
    kind: 'Research assistant',
    title_zh: '科研助理（数据标注平台方向）',
    title_en: '',
    description_zh:
      '招聘 **全职科研助理 1 名**，参与实验室数据标注平台与开源工具的开发维护。要求本科及以上学历，熟悉 TypeScript 或 Python，有 Web 开发经验者优先。工作满一年表现优秀者可推荐攻读研究生。',
    description_en: '',
    apply_zh: '发送简历与作品链接（GitHub 等）至 lab-admission@example.edu.cn，标题注明“科研助理-姓名”。',
    apply_en: '',
    posted: '2026-11-02',
    deadline: '2027-01-15T23:59:00+08:00',
    release: true,
  },
  {
    kind: 'Intern',
    title_zh: '2026 年暑期科研实习',
    title_en: 'Summer research internship 2026',
    description_zh: '面向本科三年级学生的暑期科研实习，为期八周。',
    description_en: 'An eight-week summer research internship for third-year undergraduates.',
    apply_zh: '发送简历至 lab-admission@example.edu.cn。',
    apply_en: 'Send your CV to lab-admission@example.edu.cn.',
    posted: '2026-04-01',
    deadline: '2026-06-30T23:59:00+08:00',
    release: true,
  },
] as const;

/** The registry's service of a declaration (served generically when it names none of its own). */
function servedCrud(name: string) {
  const found = registry.find((r) => r.crud.res.name === name);
  if (!found) throw new Error(`${name} is not served`);
  return found.crud;
}

/** Seeds the openings through their service, after the API's validation. */
export async function seedOpenings(ctx: Ctx): Promise<void> {
  for (const o of demoOpenings) await create(servedCrud(opening.name), opening, ctx, { ...o, deadline: o.deadline ?? '' });
}
