import { inputSchema, type ResourceDef } from '../../common/resource.ts';
import type { DB } from '../../server/db/database.ts';
import { registry } from '../../server/registry.ts';
import type { Ctx } from '../../server/services/context.ts';

// The demo lab's awards, patents and projects: believable records of a Chinese data-intelligence lab, their
// people named by username (the server stores each as the member's id) or, for someone outside the lab, by
// name. Seeded through the registry's services with the API's validation, like the rest of the demo.

type Input = Record<string, unknown>;

/** Awards; `paper`: the title of a demo publication it was given for. */
export const awards: (Input & { paper?: string })[] = [
  {
    title_zh: '教育部高等学校科学研究优秀成果奖（科学技术）科技进步奖二等奖',
    title_en: 'Ministry of Education Science and Technology Progress Award, Second Prize',
    level: 'provincial',
    issuer_zh: '中华人民共和国教育部',
    issuer_en: 'Ministry of Education of China',
    year: 2024,
    recipients: ['@liqinghe', '@wangshuyi', '@chenhaoran', '@guozhiheng'],
    description_zh: '获奖项目“面向社会媒体的可信信息计算关键技术及应用”，研究成果应用于多家平台的内容治理。',
    description_en:
      'For the project "Key techniques of trustworthy information computing on social media and their applications", now used in content governance on several platforms.',
  },
  {
    title_zh: 'CCF 优秀博士学位论文奖',
    title_en: 'CCF Outstanding Doctoral Dissertation Award',
    level: 'national',
    issuer_zh: '中国计算机学会',
    issuer_en: 'China Computer Federation (CCF)',
    year: 2023,
    recipients: ['@linyunshu'],
    description_zh: '学位论文《社交网络中的谣言演化建模与早期检测》。',
    description_en: 'For the dissertation "Modelling the evolution of rumours in social networks and detecting them early".',
  },
  {
    title_zh: 'ACL 2024 杰出论文奖',
    title_en: 'ACL 2024 Outstanding Paper Award',
    level: 'international',
    issuer_zh: '国际计算语言学协会',
    issuer_en: 'Association for Computational Linguistics',
    year: 2024,
    recipients: ['@sunyihang', '@chenhaoran', 'Emily Hart (University of Edinburgh)'],
    paper: 'Structure-Aware Argument Mining with Graph Prompting',
  },
  {
    title_zh: 'CCF-腾讯犀牛鸟基金优秀奖',
    title_en: 'CCF-Tencent Rhino-Bird Fund, Excellence Award',
    level: 'national',
    issuer_zh: '中国计算机学会、腾讯',
    issuer_en: 'CCF and Tencent',
    year: 2022,
    recipients: ['@wangshuyi'],
  },
  {
    title_zh: '北京市科学技术奖自然科学奖三等奖',
    title_en: 'Beijing Science and Technology Award (Natural Science), Third Prize',
    level: 'provincial',
    issuer_zh: '北京市人民政府',
    issuer_en: 'Beijing Municipal People’s Government',
    year: 2021,
    recipients: ['@liqinghe', '@wangshuyi', '@hemingzhe'],
  },
  {
    title_zh: '示例大学研究生“学术之星”',
    title_en: 'Example University Graduate Academic Star',
    level: 'university',
    issuer_zh: '示例大学研究生院',
    issuer_en: 'Example University Graduate School',
    year: 2025,
    recipients: ['@zhaoxinyue'],
  },
  {
    title_zh: 'NLPCC 2023 共享任务第一名',
    title_en: 'NLPCC 2023 Shared Task, First Place',
    level: 'other',
    issuer_zh: 'NLPCC 评测委员会',
    issuer_en: 'NLPCC evaluation committee',
    year: 2023,
    recipients: ['@fengzirui', '@tangyuqing', '@luojunjie'],
  },
];

/** Patents and software copyrights; `paper`: the title of the demo publication (of the type "patent") it is. */
export const patents: (Input & { paper?: string })[] = [
  {
    kind: 'invention',
    number: 'ZL202310123456.7',
    title_zh: '一种基于传播图的社交媒体谣言早期检测方法',
    title_en: 'A method for early detection of social-media rumours from propagation graphs',
    inventors: ['@liqinghe', '@linyunshu', '@sunyihang'],
    status: 'granted',
    filed_on: '2023-02-14',
    granted_on: '2024-09-03',
    abstract_zh: '本发明以转发链构建传播图，结合时序注意力在传播早期判别谣言。',
    abstract_en: 'Builds a propagation graph from reposting chains and tells rumours apart early with temporal attention.',
  },
  {
    kind: 'invention',
    number: 'CN202410987654.3',
    title_zh: '一种跨机构知识图谱的隐私保护实体对齐方法',
    title_en: 'A privacy-preserving entity alignment method across institutional knowledge graphs',
    inventors: ['@wangshuyi', '@hanzhuoyu'],
    status: 'filed',
    paper: 'A Method for Privacy-Preserving Entity Alignment Across Institutional Knowledge Graphs',
    filed_on: '2024-07-22',
  },
  {
    kind: 'utility model',
    number: 'ZL202420556677.1',
    title_zh: '一种用于多模态数据采集的便携式标注终端',
    title_en: 'A portable annotation terminal for multimodal data collection',
    inventors: ['@chenhaoran', '@duhanlin'],
    status: 'granted',
    filed_on: '2024-03-11',
    granted_on: '2024-12-20',
  },
  {
    kind: 'software copyright',
    number: '2023SR0456789',
    title_zh: '论辩结构标注平台 V2.0',
    title_en: 'Argument Structure Annotation Platform V2.0',
    inventors: ['@guozhiheng', '@fengzirui'],
    status: 'granted',
    filed_on: '2023-04-02',
    granted_on: '2023-06-15',
    abstract_zh: '支持多人协同的论辩单元与关系标注，内置一致性统计。',
    abstract_en: 'Collaborative annotation of argument units and relations, with agreement statistics built in.',
  },
  {
    kind: 'software copyright',
    number: '2025SR0123123',
    title_zh: '社交媒体舆情态势分析系统 V1.0',
    title_en: 'Social Media Opinion Monitoring System V1.0',
    inventors: ['@chenhaoran', '@zhaoxinyue', 'Zhang Wei (Shanghai Data Group)'],
    status: 'filed',
    filed_on: '2025-05-30',
  },
];

/** Research projects; `papers`: the titles of demo publications that acknowledge each. */
export const projects: (Input & { papers?: string[] })[] = [
  {
    title_zh: '面向社交媒体的多模态虚假信息溯源与干预机理研究',
    title_en: 'Tracing and intervening in multimodal misinformation on social media',
    funder_zh: '国家自然科学基金委员会',
    funder_en: 'National Natural Science Foundation of China',
    programme_zh: '面上项目',
    programme_en: 'General Program',
    level: 'national',
    grant_number: '62276043',
    role: 'lead',
    pi: ['@liqinghe'],
    members: ['@chenhaoran', '@zhaoxinyue', '@fengzirui', '@luojunjie'],
    start_year: 2022,
    end_year: 2026,
    amount: 50,
    abstract_zh: '研究图文、短视频等多模态虚假信息在转发链中的变异规律，建立跨模态一致性推理模型，并以多智能体仿真评估辟谣与限流等干预手段的效果。',
    abstract_en:
      'Studies how multimodal misinformation (image-text posts, short videos) mutates along reposting chains, builds cross-modal consistency reasoning models, and evaluates interventions such as debunking and down-ranking in multi-agent simulations.',
    papers: [
      'Rumor or Revision? Tracking Claim Mutation Across Reposting Chains',
      'Cross-Modal Inconsistency Reasoning for Multimodal Misinformation Detection',
      'Agent-Based Evaluation of Misinformation Interventions: A Counterfactual Framework',
    ],
  },
  {
    title_zh: '社会计算驱动的网络舆情演化与治理关键技术',
    title_en: 'Key techniques of social computing for the evolution and governance of online public opinion',
    funder_zh: '科学技术部',
    funder_en: 'Ministry of Science and Technology of China',
    programme_zh: '国家重点研发计划 课题',
    programme_en: 'National Key R&D Program, sub-project',
    level: 'national',
    grant_number: '2022YFB3103700',
    role: 'partner',
    pi: ['@wangshuyi'],
    members: ['@liqinghe', '@sunyihang', '@tangyuqing'],
    start_year: 2022,
    end_year: 2025,
    amount: 180,
    abstract_zh: '承担课题“舆情态势感知与演化预测”，构建面向热点话题的代表性偏差度量和极化测量方法。',
    abstract_en:
      'The lab leads the sub-project on situational awareness and evolution forecasting: measures of representation bias in trending topics and of affective polarization.',
    papers: [
      'Measuring Affective Polarization on Short-Video Platforms with Interaction Graphs',
      'Who Speaks for the Crowd? Representation Bias in Trending Topic Lists',
    ],
  },
  {
    title_zh: '隐私保护的跨机构知识图谱融合方法',
    title_en: 'Privacy-preserving fusion of knowledge graphs across institutions',
    funder_zh: '北京市自然科学基金委员会',
    funder_en: 'Beijing Natural Science Foundation',
    programme_zh: '面上项目',
    programme_en: 'General Program',
    level: 'provincial',
    grant_number: '4242035',
    role: 'lead',
    pi: ['@wangshuyi'],
    members: ['@hanzhuoyu', '@xujiawen'],
    start_year: 2024,
    end_year: 2026,
    amount: 20,
    abstract_zh: '研究联邦场景下知识图谱补全与实体对齐的差分隐私保护方法。',
    abstract_en: 'Differentially private knowledge graph completion and entity alignment in federated settings.',
    papers: [
      'Federated Knowledge Graph Completion with Relation-Level Differential Privacy',
      'A Method for Privacy-Preserving Entity Alignment Across Institutional Knowledge Graphs',
    ],
  },
  {
    title_zh: '大模型智能体的长期记忆与工具使用',
    title_en: 'Long-term memory and tool use of large language model agents',
    funder_zh: '某互联网科技公司',
    funder_en: 'An internet technology company',
    programme_zh: '校企合作横向课题',
    programme_en: 'Industry collaboration',
    level: 'industry',
    grant_number: 'H2024-017',
    role: 'lead',
    pi: ['@sunyihang'],
    members: ['@jiangtianyu', '@xieyuhan'],
    start_year: 2024,
    amount: 80,
    abstract_zh: '面向真实网页任务，研究预算受限的智能体长期记忆与自验证的工具调用。',
    abstract_en: 'Budgeted long-term memory and self-verifying tool calls for agents on real web tasks.',
    papers: ['Remember to Forget: Budgeted Long-Term Memory for LLM Agents', 'Tool Learning with Self-Verification for Small Language Models'],
  },
  {
    title_zh: '基于论辩图的可解释说服力预测',
    title_en: 'Explainable prediction of argument strength with argument graphs',
    funder_zh: '国家自然科学基金委员会',
    funder_en: 'National Natural Science Foundation of China',
    programme_zh: '青年科学基金项目',
    programme_en: 'Young Scientists Fund',
    level: 'national',
    grant_number: '62006021',
    role: 'lead',
    pi: ['@guozhiheng'],
    members: ['@fengzirui'],
    start_year: 2021,
    end_year: 2023,
    amount: 24,
    abstract_zh: '构建多方论辩对话语料，研究论辩结构对说服力的影响。',
    abstract_en: 'A corpus of multi-party argumentative dialogue, and how the structure of an argument makes it convincing.',
    papers: [
      'Who Wins the Debate? Predicting Persuasiveness from Argument Graphs',
      'DebateDial: A Corpus of Multi-Party Argumentative Dialogues with Fine-Grained Relations',
    ],
  },
  {
    title_zh: '面向慢病管理的医疗对话与知识服务',
    title_en: 'Medical dialogue and knowledge services for chronic disease management',
    funder_zh: '',
    funder_en: 'Sino-European research collaboration fund',
    programme_zh: '',
    programme_en: 'Joint research project',
    level: 'international',
    grant_number: 'SE-2023-118',
    role: 'partner',
    pi: ['@liqinghe', 'Prof. Anna Keller (University of Zurich)'],
    members: ['@xujiawen'],
    start_year: 2023,
    end_year: 2026,
    abstract_zh: '',
    abstract_en: 'Knowledge-grounded, privacy-aware dialogue for patients with chronic conditions, evaluated with clinicians in both countries.',
    papers: ['ChronicQA: Evaluating Language Models on Long-Term Disease Management Questions'],
  },
];

async function create(name: string, ctx: Ctx, input: Input): Promise<number> {
  const found = registry.find((r) => r.crud.res.name === name);
  if (!found) throw new Error(`demo: no resource ${name}`);
  const res: ResourceDef = found.crud.res;
  const parsed = inputSchema(res, 'create').safeParse(input);
  if (!parsed.success) throw new Error(`demo ${res.name} is invalid: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`);
  return found.crud.create(ctx, parsed.data);
}

/** Seeds the awards and patents, after the people and publications they name. */
export async function seedRecords(db: DB, ctx: Ctx): Promise<void> {
  for (const { paper, ...a } of awards) {
    const pub = paper ? await db.selectFrom('publication').select('pid').where('title', '=', paper).executeTakeFirst() : undefined;
    await create('award', ctx, { ...a, ...(pub ? { publication: pub.pid } : {}) });
  }
  for (const { papers = [], ...p } of projects) {
    const found = papers.length > 0 ? await db.selectFrom('publication').select(['pid', 'title']).where('title', 'in', papers).execute() : [];
    // in the order the project names them
    const ids = papers.flatMap((t) => found.filter((f) => f.title === t).map((f) => String(f.pid)));
    await create('project', ctx, { ...p, publications: ids });
  }
  for (const { paper, ...p } of patents) {
    const pub = paper ? await db.selectFrom('publication').select('pid').where('title', '=', paper).executeTakeFirst() : undefined;
    await create('patent', ctx, { ...p, ...(pub ? { publication: pub.pid } : {}) });
  }
}
