// Demo content for `lab demo`: an invented lab with invented people, papers, articles, news and seminars.
// Everything here is fictional; links point at example.org / example.com only.
// Enum fields use the English wire `value` strings of common/enums.ts.

import type { areas, articleTypes, personTypes, publicationTypes, roomTypes } from '../../common/enums.ts';

type ValueOf<L extends readonly { value: string }[]> = L[number]['value'];

export type PersonType = ValueOf<typeof personTypes>;
export type Area = ValueOf<typeof areas>;
export type PublicationType = ValueOf<typeof publicationTypes>;
export type ArticleType = ValueOf<typeof articleTypes>;
export type RoomType = ValueOf<typeof roomTypes>;

export type DemoPerson = {
  uid: string;
  username: string;
  name_zh: string;
  name_en: string;
  description_zh: string;
  description_en: string;
  type: PersonType;
  area: Area;
  entrance: number;
  status: boolean;
  authority: 'admin' | 'user';
  email: string;
  location_zh: string;
  location_en: string;
  link_type: 0 | 1 | 2 | 3;
  link1?: string;
  link2?: string;
  link3?: string;
};

export type DemoPublicationFile = 'pdf' | 'slides' | 'dataset';

export type DemoPublication = {
  title: string;
  author: string[];
  source: string;
  type: PublicationType;
  area: Area;
  year: number;
  month: number;
  link1: string;
  link2?: string;
  link3?: string;
  link4?: string;
  files: DemoPublicationFile[];
};

export type DemoArticle = {
  title: string;
  slug?: string;
  abstract: string;
  type: ArticleType;
  authors: string[];
  markdown: string;
  release: boolean;
  daysAgo: number;
};

export type DemoNews = {
  daysAgo: number;
  abstract: string;
  content_zh: string;
  content_en: string;
  release: boolean;
  emphasize: boolean;
};

export type DemoSeminar = {
  title_zh: string;
  title_en: string;
  abstract_zh: string;
  abstract_en: string;
  speaker_zh: string;
  speaker_en: string;
  ins_zh: string;
  ins_en: string;
  des_zh: string;
  des_en: string;
  host_zh: string;
  host_en: string;
  host_ins_zh: string;
  host_ins_en: string;
  daysFromToday: number;
  start: string;
  end: string;
  room_type: RoomType;
  room_id: string;
  room_pw: string;
  live_link: string;
};

export type DemoInfoPage = {
  aspect: string;
  markdown: string;
};

/** [day of week 1–7, period 1–15] */
export type Slot = [number, number];

export type DemoSchedule = {
  username: string;
  term: string;
  occupy: Slot[];
};

// ---------------------------------------------------------------------------------------------
// Small helpers

const FENCE = '```';
const LAB_ZH = '数据智能与社会计算实验室';
const LAB_EN = 'Data Intelligence and Social Computing Lab';

function mail(username: string): string {
  return `${username.replace(/[^a-z0-9.]/g, '')}@example.org`;
}

function room(n: string): { location_zh: string; location_en: string } {
  return { location_zh: `信息楼 ${n} 室`, location_en: `Room ${n}, Information Building` };
}

/** A block of consecutive periods on one day, e.g. block(1, 3, 5) → Monday periods 3, 4, 5. */
function block(day: number, from: number, to: number): Slot[] {
  const slots: Slot[] = [];
  for (let p = from; p <= to; p++) slots.push([day, p]);
  return slots;
}

// ---------------------------------------------------------------------------------------------
// People

export const people: DemoPerson[] = [
  {
    uid: 'T0001',
    username: 'labadmin',
    name_zh: '周明远',
    name_en: 'Mingyuan Zhou',
    description_zh: '实验室负责人，教授，博士生导师。主要研究社会计算、在线群体行为分析与计算社会科学。',
    description_en:
      'Director of the lab and professor. His research covers social computing, collective behaviour online and computational social science.',
    type: 'professor',
    area: 'social computing',
    entrance: 2008,
    status: true,
    authority: 'admin',
    email: mail('mingyuan.zhou'),
    ...room('A-501'),
    link_type: 1,
    link1: `# 周明远 / Mingyuan Zhou

教授，${LAB_ZH}负责人。

## 研究兴趣

- 社会计算与计算社会科学
- 在线舆论演化与群体行为建模
- 面向公共治理的数据智能

## 招生

每年招收 **2 名博士生**、**3–4 名硕士生**，欢迎对社会计算感兴趣的同学联系。

## 近期工作

1. 大模型驱动的社会仿真平台（主持，2024–2027）
2. 面向突发事件的舆情感知与研判（2022–2025）

更多信息见 [个人学术主页](https://example.org/~mzhou)。
`,
  },
  {
    uid: 'T0002',
    username: 'liqinghe',
    name_zh: '李清禾',
    name_en: 'Qinghe Li',
    description_zh: '教授，研究计算论辩、论证挖掘与可解释推理，长期关注大模型的论证生成与评估。',
    description_en:
      'Professor working on computational argumentation, argument mining and explainable reasoning with large language models.',
    type: 'professor',
    area: 'computational argumentation',
    entrance: 2010,
    status: true,
    authority: 'user',
    email: mail('qinghe.li'),
    ...room('A-503'),
    link_type: 2,
    link2: `<h2>Qinghe Li 李清禾</h2>
<p>Professor, ${LAB_EN}. I study how machines can understand, generate and evaluate arguments.</p>
<h2>Research</h2>
<ul>
  <li>Argument mining from debates, reviews and social media</li>
  <li>Argument quality assessment and counter-argument generation</li>
  <li>Faithful reasoning in large language models</li>
</ul>
<h2>Teaching</h2>
<ul>
  <li>Natural Language Processing (graduate, autumn)</li>
  <li>Logic and Argumentation (undergraduate, spring)</li>
</ul>
<p>Slides and reading lists: <a href="https://example.org/~qli/teaching">example.org/~qli/teaching</a></p>`,
  },
  {
    uid: 'T0003',
    username: 'wangshuyi',
    name_zh: '王书怡',
    name_en: 'Shuyi Wang',
    description_zh: '副教授，研究知识图谱构建、联邦学习与差分隐私，关注数据可用不可见的知识建模方法。',
    description_en:
      'Associate professor focusing on knowledge graph construction, federated learning and differential privacy.',
    type: 'associate professor',
    area: 'knowledge modeling and privacy computing',
    entrance: 2015,
    status: true,
    authority: 'user',
    email: mail('shuyi.wang'),
    ...room('A-506'),
    link_type: 3,
    link3: 'https://example.org/~swang',
  },
  {
    uid: 'T0004',
    username: 'chenhaoran',
    name_zh: '陈浩然',
    name_en: 'Haoran Chen',
    description_zh: '副教授，研究多模态表示学习、视觉语言模型与鲁棒机器学习。',
    description_en: 'Associate professor working on multimodal representation learning, vision-language models and robust learning.',
    type: 'associate professor',
    area: 'multimodal and machine learning',
    entrance: 2016,
    status: true,
    authority: 'user',
    email: mail('haoran.chen'),
    ...room('A-508'),
    link_type: 1,
    link1: `# Haoran Chen 陈浩然

Associate Professor, ${LAB_EN}.

## Research interests

- Vision-language pre-training and alignment
- Multimodal misinformation detection
- Robustness and calibration of deep models

## Selected projects

| Project | Years | Role |
| --- | --- | --- |
| Multimodal rumour tracing | 2023–2026 | PI |
| Efficient video-text retrieval | 2021–2024 | Co-PI |

## Students

I am looking for master students with solid Python and linear algebra. See [open positions](https://example.org/~hchen/join).
`,
  },
  {
    uid: 'T0005',
    username: 'linyunshu',
    name_zh: '林韵舒',
    name_en: 'Yunshu Lin',
    description_zh: '青年研究员，研究大模型智能体的规划、工具使用与多智能体协作。',
    description_en: 'Young researcher studying planning, tool use and collaboration of LLM-based agents.',
    type: 'young researcher',
    area: 'agents',
    entrance: 2020,
    status: true,
    authority: 'user',
    email: mail('yunshu.lin'),
    ...room('A-510'),
    link_type: 0,
  },
  {
    uid: 'T0006',
    username: 'guozhiheng',
    name_zh: '郭志衡',
    name_en: 'Zhiheng Guo',
    description_zh: '青年副研究员，研究基于智能体的社会仿真、舆论动力学与政策评估。',
    description_en: 'Young associate researcher working on agent-based social simulation, opinion dynamics and policy evaluation.',
    type: 'young associate researcher',
    area: 'social simulation',
    entrance: 2022,
    status: true,
    authority: 'user',
    email: mail('zhiheng.guo'),
    ...room('A-512'),
    link_type: 2,
    link2: `<h2>Zhiheng Guo 郭志衡</h2>
<p>Young Associate Researcher. I build simulated societies to ask <em>what if</em> questions about information, policy and behaviour.</p>
<h2>Current topics</h2>
<ul>
  <li>Calibrating LLM agents against survey data</li>
  <li>Opinion dynamics on evolving networks</li>
  <li>Counterfactual evaluation of platform interventions</li>
</ul>
<p>Code of the simulation toolkit: <a href="https://example.com/code/socsim">example.com/code/socsim</a></p>`,
  },
  {
    uid: 'P2023001',
    username: 'xujiawen',
    name_zh: '许嘉雯',
    name_en: 'Jiawen Xu',
    description_zh: '博士后，研究动态图表示学习与异质信息网络。',
    description_en: 'Postdoc working on dynamic graph representation learning and heterogeneous information networks.',
    type: 'postdoc',
    area: 'graph models',
    entrance: 2023,
    status: true,
    authority: 'user',
    email: mail('jiawen.xu'),
    ...room('B-302'),
    link_type: 0,
  },
  {
    uid: 'P2024001',
    username: 'hemingzhe',
    name_zh: '何明哲',
    name_en: 'Mingzhe He',
    description_zh: '博士后，研究医疗对话系统与电子病历的隐私保护建模。',
    description_en: 'Postdoc studying medical dialogue systems and privacy-preserving modelling of health records.',
    type: 'postdoc',
    area: 'smart healthcare',
    entrance: 2024,
    status: true,
    authority: 'user',
    email: mail('mingzhe.he'),
    ...room('B-302'),
    link_type: 3,
    link3: 'https://example.org/~mhe',
  },
  {
    uid: '2020110001',
    username: 'sunyihang',
    name_zh: '孙一航',
    name_en: 'Yihang Sun',
    description_zh: '博士生，研究论证挖掘与论证质量评估。',
    description_en: 'PhD student working on argument mining and argument quality assessment.',
    type: 'PhD',
    area: 'computational argumentation',
    entrance: 2020,
    status: true,
    authority: 'user',
    email: mail('sunyihang'),
    ...room('B-305'),
    link_type: 1,
    link1: `# 孙一航 Yihang Sun

博士生（2020 级），导师：李清禾教授。

## 研究方向

- 论证结构抽取
- 论证质量评估与反驳生成

## 论文

- *Structure-Aware Argument Mining with Graph Prompting*, ACL 2025
- *Who Wins the Debate? Predicting Persuasiveness from Argument Graphs*, EMNLP 2023

## 其他

喜欢长跑和围棋。代码见 [example.com/code/yhsun](https://example.com/code/yhsun)。
`,
  },
  {
    uid: '2021110002',
    username: 'zhaoxinyue',
    name_zh: '赵欣悦',
    name_en: 'Xinyue Zhao',
    description_zh: '博士生，研究社交媒体中的群体极化与信息传播。',
    description_en: 'PhD student studying polarisation and information diffusion on social media.',
    type: 'PhD',
    area: 'social computing',
    entrance: 2021,
    status: true,
    authority: 'user',
    email: mail('zhaoxinyue'),
    ...room('B-305'),
    link_type: 2,
    link2: `<h2>Xinyue Zhao</h2>
<p>PhD student (since 2021), advised by Prof. Mingyuan Zhou.</p>
<ul>
  <li>Polarisation measurement on social platforms</li>
  <li>Cross-platform information cascades</li>
</ul>
<p>CV and publications: <a href="https://example.org/~xzhao/cv.pdf">CV (PDF)</a></p>`,
  },
  {
    uid: '2022110003',
    username: 'fengzirui',
    name_zh: '冯子睿',
    name_en: 'Zirui Feng',
    description_zh: '博士生，研究图神经网络的可扩展训练与图基础模型。',
    description_en: 'PhD student working on scalable training of graph neural networks and graph foundation models.',
    type: 'PhD',
    area: 'graph models',
    entrance: 2022,
    status: true,
    authority: 'user',
    email: mail('fengzirui'),
    ...room('B-306'),
    link_type: 0,
  },
  {
    uid: '2023110004',
    username: 'tangyuqing',
    name_zh: '唐雨晴',
    name_en: 'Yuqing Tang',
    description_zh: '博士生，研究人机协作写作与具身交互中的意图理解。',
    description_en: 'PhD student studying human-AI co-writing and intent understanding in embodied interaction.',
    type: 'PhD',
    area: 'human-computer interaction and embodied learning',
    entrance: 2023,
    status: true,
    authority: 'user',
    email: mail('tangyuqing'),
    ...room('B-306'),
    link_type: 0,
  },
  {
    uid: '2024110005',
    username: 'luojunjie',
    name_zh: '罗俊杰',
    name_en: 'Junjie Luo',
    description_zh: '博士生，研究多智能体协作、记忆机制与工具调用。',
    description_en: 'PhD student working on multi-agent collaboration, agent memory and tool calling.',
    type: 'PhD',
    area: 'agents',
    entrance: 2024,
    status: true,
    authority: 'user',
    email: mail('luojunjie'),
    ...room('B-307'),
    link_type: 1,
    link1: `# Junjie Luo

PhD student, ${LAB_EN}.

## About me

I build agents that remember, plan and cooperate.

### Interests

- Long-term memory for LLM agents
- Multi-agent debate and negotiation
- Benchmarks for tool use

### Contact

- Office: Room B-307, Information Building
- Blog: [example.org/~jluo/blog](https://example.org/~jluo/blog)
`,
  },
  {
    uid: '2023210011',
    username: 'demo.user',
    name_zh: '宋可欣',
    name_en: 'Kexin Song',
    description_zh: '硕士生，研究图文多模态情感分析。',
    description_en: 'Master student working on multimodal (image and text) sentiment analysis.',
    type: 'master',
    area: 'multimodal and machine learning',
    entrance: 2023,
    status: true,
    authority: 'user',
    email: mail('demo.user'),
    ...room('B-310'),
    link_type: 0,
  },
  {
    uid: '2023210012',
    username: 'hanzhuoyu',
    name_zh: '韩卓宇',
    name_en: 'Zhuoyu Han',
    description_zh: '硕士生，研究联邦知识图谱补全。',
    description_en: 'Master student working on federated knowledge graph completion.',
    type: 'master',
    area: 'knowledge modeling and privacy computing',
    entrance: 2023,
    status: true,
    authority: 'user',
    email: mail('hanzhuoyu'),
    ...room('B-310'),
    link_type: 0,
  },
  {
    uid: '2024210013',
    username: 'yuanshiqi',
    name_zh: '袁诗琪',
    name_en: 'Shiqi Yuan',
    description_zh: '硕士生，研究面向慢病管理的医疗问答。',
    description_en: 'Master student working on medical question answering for chronic disease management.',
    type: 'master',
    area: 'smart healthcare',
    entrance: 2024,
    status: true,
    authority: 'user',
    email: mail('yuanshiqi'),
    ...room('B-310'),
    link_type: 0,
  },
  {
    uid: '2024210014',
    username: 'jiangtianyu',
    name_zh: '江天宇',
    name_en: 'Tianyu Jiang',
    description_zh: '硕士生，研究城市出行行为的智能体仿真。',
    description_en: 'Master student building agent-based simulations of urban mobility.',
    type: 'master',
    area: 'social simulation',
    entrance: 2024,
    status: true,
    authority: 'user',
    email: mail('jiangtianyu'),
    ...room('B-311'),
    link_type: 0,
  },
  {
    uid: '2025210015',
    username: 'xieyuhan',
    name_zh: '谢雨涵',
    name_en: 'Yuhan Xie',
    description_zh: '硕士生，研究在线讨论中的立场检测。',
    description_en: 'Master student working on stance detection in online discussions.',
    type: 'master',
    area: 'computational argumentation',
    entrance: 2025,
    status: true,
    authority: 'user',
    email: mail('xieyuhan'),
    ...room('B-311'),
    link_type: 0,
  },
  {
    uid: '2025210016',
    username: 'dengkaiwen',
    name_zh: '邓凯文',
    name_en: 'Kaiwen Deng',
    description_zh: '硕士生，研究网页智能体与自动化评测。',
    description_en: 'Master student working on web agents and automatic evaluation.',
    type: 'master',
    area: 'agents',
    entrance: 2025,
    status: true,
    authority: 'user',
    email: mail('dengkaiwen'),
    ...room('B-311'),
    link_type: 0,
  },
  {
    uid: '2022010021',
    username: 'pengxiaoyu',
    name_zh: '彭晓雨',
    name_en: 'Xiaoyu Peng',
    description_zh: '本科生，参与社交媒体话题演化分析项目。',
    description_en: 'Undergraduate student contributing to a project on topic evolution in social media.',
    type: 'undergraduate',
    area: 'social computing',
    entrance: 2022,
    status: true,
    authority: 'user',
    email: mail('pengxiaoyu'),
    ...room('B-312'),
    link_type: 0,
  },
  {
    uid: '2023010022',
    username: 'caijunyi',
    name_zh: '蔡俊逸',
    name_en: 'Junyi Cai',
    description_zh: '本科生，学习图神经网络并参与引文网络分析。',
    description_en: 'Undergraduate student learning graph neural networks and analysing citation networks.',
    type: 'undergraduate',
    area: 'graph models',
    entrance: 2023,
    status: true,
    authority: 'user',
    email: mail('caijunyi'),
    ...room('B-312'),
    link_type: 0,
  },
  {
    uid: '2023010023',
    username: 'weiruoxi',
    name_zh: '魏若溪',
    name_en: 'Ruoxi Wei',
    description_zh: '本科生，参与人机协作写作界面的用户研究。',
    description_en: 'Undergraduate student running user studies on human-AI co-writing interfaces.',
    type: 'undergraduate',
    area: 'human-computer interaction and embodied learning',
    entrance: 2023,
    status: true,
    authority: 'user',
    email: mail('weiruoxi'),
    ...room('B-312'),
    link_type: 0,
  },
  {
    uid: '2016110031',
    username: 'huangzeyu',
    name_zh: '黄泽宇',
    name_en: 'Zeyu Huang',
    description_zh: '2022 年博士毕业，博士论文研究网络谣言传播建模，现于某互联网公司从事算法研究。',
    description_en:
      'Received his PhD in 2022 with a thesis on modelling rumour propagation; now an applied scientist in industry.',
    type: 'PhD',
    area: 'social computing',
    entrance: 2016,
    status: false,
    authority: 'user',
    email: mail('zeyu.huang'),
    location_zh: '',
    location_en: '',
    link_type: 0,
  },
  {
    uid: '2019110035',
    username: 'duhanlin',
    name_zh: '杜翰林',
    name_en: 'Hanlin Du',
    description_zh: '2025 年博士毕业，研究多模态虚假信息检测，现为某高校助理教授。',
    description_en:
      'Received his PhD in 2025 for work on multimodal misinformation detection; now an assistant professor.',
    type: 'PhD',
    area: 'multimodal and machine learning',
    entrance: 2019,
    status: false,
    authority: 'user',
    email: mail('hanlin.du'),
    location_zh: '',
    location_en: '',
    link_type: 0,
  },
  {
    uid: '2017210032',
    username: 'qiumanqing',
    name_zh: '邱曼青',
    name_en: 'Manqing Qiu',
    description_zh: '2020 年硕士毕业，研究差分隐私下的推荐系统。',
    description_en: 'Graduated with a master degree in 2020; worked on differentially private recommender systems.',
    type: 'master',
    area: 'knowledge modeling and privacy computing',
    entrance: 2017,
    status: false,
    authority: 'user',
    email: mail('manqing.qiu'),
    location_zh: '',
    location_en: '',
    link_type: 0,
  },
  {
    uid: '2018210033',
    username: 'liangwenbo',
    name_zh: '梁文博',
    name_en: 'Wenbo Liang',
    description_zh: '2021 年硕士毕业，研究电子病历中的实体识别。',
    description_en: 'Graduated with a master degree in 2021; worked on entity recognition in electronic health records.',
    type: 'master',
    area: 'smart healthcare',
    entrance: 2018,
    status: false,
    authority: 'user',
    email: mail('wenbo.liang'),
    location_zh: '',
    location_en: '',
    link_type: 0,
  },
  {
    uid: '2015110034',
    username: 'yeqianqian',
    name_zh: '叶倩倩',
    name_en: 'Qianqian Ye',
    description_zh: '实验室早期成员，2020 年毕业，研究社交网络中的社区发现。',
    description_en: 'One of the early members of the lab (graduated 2020), worked on community detection in social networks.',
    type: 'former member',
    area: 'graph models',
    entrance: 2015,
    status: false,
    authority: 'user',
    email: mail('qianqian.ye'),
    location_zh: '',
    location_en: '',
    link_type: 0,
  },
  {
    uid: 'V2021001',
    username: 'kongxiangyu',
    name_zh: '孔祥宇',
    name_en: 'Xiangyu Kong',
    description_zh: '2021–2022 年访问学生，参与论辩对话数据集构建。',
    description_en: 'Visiting student in 2021–2022 who helped build a dialogue argumentation dataset.',
    type: 'other',
    area: 'computational argumentation',
    entrance: 2021,
    status: false,
    authority: 'user',
    email: mail('xiangyu.kong'),
    location_zh: '',
    location_en: '',
    link_type: 0,
  },
];

// ---------------------------------------------------------------------------------------------
// Publications (authors mix demo people's English names with invented collaborators)

export const publications: DemoPublication[] = [
  {
    title: 'Measuring Affective Polarization on Short-Video Platforms with Interaction Graphs',
    author: ['Xinyue Zhao', 'Xiaoyu Peng', 'Elena Marchetti', 'Mingyuan Zhou'],
    source: 'WWW 2025', type: 'paper', area: 'social computing', year: 2025, month: 4,
    link1: 'https://example.org/paper/1', link2: 'https://example.com/code/1', link3: 'https://mp.example.com/s/1',
    files: ['pdf', 'slides'],
  },
  {
    title: 'Rumor or Revision? Tracking Claim Mutation Across Reposting Chains',
    author: ['Zeyu Huang', 'Xinyue Zhao', 'Mingyuan Zhou'],
    source: 'ICWSM 2022', type: 'paper', area: 'social computing', year: 2022, month: 6,
    link1: 'https://example.org/paper/2', link2: 'https://example.com/code/2',
    files: ['pdf', 'dataset'],
  },
  {
    title: 'Who Speaks for the Crowd? Representation Bias in Trending Topic Lists',
    author: ['Xinyue Zhao', 'Daniel Okafor', 'Mingyuan Zhou'],
    source: 'CSCW 2024', type: 'paper', area: 'social computing', year: 2024, month: 11,
    link1: 'https://example.org/paper/3',
    files: ['pdf'],
  },
  {
    title: 'Early Detection of Coordinated Inauthentic Behavior via Temporal Co-Activity',
    author: ['Zeyu Huang', 'Qianqian Ye', 'Mingyuan Zhou'],
    source: 'TKDE', type: 'paper', area: 'social computing', year: 2021, month: 3,
    link1: 'https://example.org/paper/4',
    files: ['pdf'],
  },
  {
    title: 'Computational Social Science: Methods and Practice (in Chinese)',
    author: ['Mingyuan Zhou', 'Qinghe Li', 'Shuyi Wang'],
    source: 'Xinghe Academic Press', type: 'monograph', area: 'social computing', year: 2023, month: 9,
    link1: 'https://example.org/paper/5',
    files: [],
  },
  {
    title: 'Structure-Aware Argument Mining with Graph Prompting',
    author: ['Yihang Sun', 'Yuhan Xie', 'Priya Raman', 'Qinghe Li'],
    source: 'ACL 2025', type: 'paper', area: 'computational argumentation', year: 2025, month: 7,
    link1: 'https://example.org/paper/6', link2: 'https://example.com/code/6', link3: 'https://mp.example.com/s/6', link4: 'https://video.example.com/6',
    files: ['pdf', 'slides'],
  },
  {
    title: 'Who Wins the Debate? Predicting Persuasiveness from Argument Graphs',
    author: ['Yihang Sun', 'Xiangyu Kong', 'Qinghe Li'],
    source: 'EMNLP 2023', type: 'paper', area: 'computational argumentation', year: 2023, month: 12,
    link1: 'https://example.org/paper/7', link2: 'https://example.com/code/7',
    files: ['pdf', 'slides', 'dataset'],
  },
  {
    title: 'DebateDial: A Corpus of Multi-Party Argumentative Dialogues with Fine-Grained Relations',
    author: ['Xiangyu Kong', 'Yihang Sun', 'Lukas Brenner', 'Qinghe Li'],
    source: 'LREC 2022', type: 'paper', area: 'computational argumentation', year: 2022, month: 6,
    link1: 'https://example.org/paper/8', link2: 'https://example.com/code/8',
    files: ['pdf', 'dataset'],
  },
  {
    title: 'Counter-Argument Generation with Critical Question Planning',
    author: ['Yuhan Xie', 'Yihang Sun', 'Qinghe Li'],
    source: 'NAACL 2025', type: 'paper', area: 'computational argumentation', year: 2025, month: 5,
    link1: 'https://example.org/paper/9',
    files: ['pdf'],
  },
  {
    title: 'Large Language Models as Argument Quality Judges: Agreement, Bias and Calibration',
    author: ['Yihang Sun', 'Yuhan Xie', 'Sofia Almeida', 'Hiroshi Tanabe', 'Qinghe Li'],
    source: 'ACL 2026', type: 'paper', area: 'computational argumentation', year: 2026, month: 8,
    link1: 'https://example.org/paper/10', link2: 'https://example.com/code/10', link3: 'https://mp.example.com/s/10',
    files: ['pdf', 'slides'],
  },
  {
    title: 'Federated Knowledge Graph Completion with Relation-Level Differential Privacy',
    author: ['Zhuoyu Han', 'Shuyi Wang', 'Tomasz Wielgus'],
    source: 'KDD 2024', type: 'paper', area: 'knowledge modeling and privacy computing', year: 2024, month: 8,
    link1: 'https://example.org/paper/11', link2: 'https://example.com/code/11',
    files: ['pdf', 'slides'],
  },
  {
    title: 'Private Recommendation under Local Differential Privacy with Item Graph Smoothing',
    author: ['Manqing Qiu', 'Shuyi Wang', 'Mingyuan Zhou'],
    source: 'CIKM 2019', type: 'paper', area: 'knowledge modeling and privacy computing', year: 2019, month: 11,
    link1: 'https://example.org/paper/12',
    files: ['pdf'],
  },
  {
    title: 'Membership Inference Risks of Knowledge-Enhanced Language Models',
    author: ['Shuyi Wang', 'Zhuoyu Han', 'Marta Lindqvist', 'Amara Nwosu'],
    source: 'AAAI 2025', type: 'paper', area: 'knowledge modeling and privacy computing', year: 2025, month: 2,
    link1: 'https://example.org/paper/13',
    files: ['pdf', 'slides'],
  },
  {
    title: 'A Method for Privacy-Preserving Entity Alignment Across Institutional Knowledge Graphs',
    author: ['Shuyi Wang', 'Zhuoyu Han', 'Mingyuan Zhou'],
    source: 'CN Patent (demo) 2024-1-0000001', type: 'patent', area: 'knowledge modeling and privacy computing', year: 2024, month: 10,
    link1: 'https://example.org/paper/14',
    files: ['pdf'],
  },
  {
    title: 'Co-Writing with Hesitation: How Writers Negotiate Suggestions from Language Models',
    author: ['Yuqing Tang', 'Ruoxi Wei', 'Rafael Ortega', 'Yunshu Lin'],
    source: 'CHI 2025', type: 'paper', area: 'human-computer interaction and embodied learning', year: 2025, month: 4,
    link1: 'https://example.org/paper/15', link4: 'https://video.example.com/15',
    files: ['pdf', 'slides'],
  },
  {
    title: 'Grounding Spoken Instructions for Household Robots with Gaze and Pointing',
    author: ['Yuqing Tang', 'Haoran Chen', 'Yuki Morimoto'],
    source: 'IROS 2024', type: 'paper', area: 'human-computer interaction and embodied learning', year: 2024, month: 10,
    link1: 'https://example.org/paper/16', link2: 'https://example.com/code/16', link4: 'https://video.example.com/16',
    files: ['pdf'],
  },
  {
    title: 'Embodied Curriculum Learning from Human Corrections in Simulated Kitchens',
    author: ['Yuqing Tang', 'Kaiwen Deng', 'Yunshu Lin'],
    source: 'CoRL 2026', type: 'paper', area: 'human-computer interaction and embodied learning', year: 2026, month: 11,
    link1: 'https://example.org/paper/17',
    files: ['pdf'],
  },
  {
    title: 'Cross-Modal Inconsistency Reasoning for Multimodal Misinformation Detection',
    author: ['Hanlin Du', 'Kexin Song', 'Haoran Chen'],
    source: 'ACM MM 2023', type: 'paper', area: 'multimodal and machine learning', year: 2023, month: 10,
    link1: 'https://example.org/paper/18', link2: 'https://example.com/code/18', link3: 'https://mp.example.com/s/18',
    files: ['pdf', 'slides'],
  },
  {
    title: 'Sentiment Beyond Captions: Aspect-Level Image-Text Sentiment with Region Alignment',
    author: ['Kexin Song', 'Hanlin Du', 'Haoran Chen'],
    source: 'ICME 2025', type: 'paper', area: 'multimodal and machine learning', year: 2025, month: 7,
    link1: 'https://example.org/paper/19', link2: 'https://example.com/code/19',
    files: ['pdf'],
  },
  {
    title: 'Calibrated Vision-Language Models under Distribution Shift',
    author: ['Haoran Chen', 'Hanlin Du', 'Lukas Brenner', 'Priya Raman'],
    source: 'NeurIPS 2024', type: 'paper', area: 'multimodal and machine learning', year: 2024, month: 12,
    link1: 'https://example.org/paper/20', link2: 'https://example.com/code/20',
    files: ['pdf', 'slides'],
  },
  {
    title: 'Efficient Video-Text Retrieval with Token Merging and Late Interaction',
    author: ['Hanlin Du', 'Haoran Chen'],
    source: 'CVPR 2022', type: 'paper', area: 'multimodal and machine learning', year: 2022, month: 6,
    link1: 'https://example.org/paper/21',
    files: ['pdf'],
  },
  {
    title: 'A Multimodal Content Verification System Based on Image-Text Consistency Scoring',
    author: ['Haoran Chen', 'Hanlin Du', 'Kexin Song'],
    source: 'CN Patent (demo) 2025-1-0000002', type: 'patent', area: 'multimodal and machine learning', year: 2025, month: 3,
    link1: 'https://example.org/paper/22',
    files: ['pdf'],
  },
  {
    title: 'Privacy-Aware Medical Dialogue Generation with Knowledge Grounding',
    author: ['Mingzhe He', 'Shiqi Yuan', 'Shuyi Wang'],
    source: 'AAAI 2026', type: 'paper', area: 'smart healthcare', year: 2026, month: 2,
    link1: 'https://example.org/paper/23', link2: 'https://example.com/code/23',
    files: ['pdf', 'slides'],
  },
  {
    title: 'Clinical Entity Recognition with Weak Supervision from Drug Labels',
    author: ['Wenbo Liang', 'Shuyi Wang', 'Amara Nwosu'],
    source: 'BIBM 2020', type: 'paper', area: 'smart healthcare', year: 2020, month: 12,
    link1: 'https://example.org/paper/24',
    files: ['pdf'],
  },
  {
    title: 'ChronicQA: Evaluating Language Models on Long-Term Disease Management Questions',
    author: ['Shiqi Yuan', 'Mingzhe He', 'Daniel Okafor', 'Mingyuan Zhou'],
    source: 'EMNLP 2025 Findings', type: 'paper', area: 'smart healthcare', year: 2025, month: 11,
    link1: 'https://example.org/paper/25', link2: 'https://example.com/code/25', link3: 'https://mp.example.com/s/25',
    files: ['pdf', 'dataset'],
  },
  {
    title: 'Patient Trajectory Modelling with Temporal Graph Networks',
    author: ['Mingzhe He', 'Jiawen Xu', 'Zirui Feng'],
    source: 'Journal of Biomedical Informatics', type: 'paper', area: 'smart healthcare', year: 2024, month: 5,
    link1: 'https://example.org/paper/26',
    files: ['pdf'],
  },
  {
    title: 'Continuous-Time Heterogeneous Graph Learning for Evolving Social Networks',
    author: ['Jiawen Xu', 'Zirui Feng', 'Mingyuan Zhou'],
    source: 'KDD 2025', type: 'paper', area: 'graph models', year: 2025, month: 8,
    link1: 'https://example.org/paper/27', link2: 'https://example.com/code/27', link4: 'https://video.example.com/27',
    files: ['pdf', 'slides'],
  },
  {
    title: 'Scaling Graph Neural Networks with Historical Embedding Compression',
    author: ['Zirui Feng', 'Junyi Cai', 'Jiawen Xu', 'Hiroshi Tanabe'],
    source: 'ICLR 2025', type: 'paper', area: 'graph models', year: 2025, month: 4,
    link1: 'https://example.org/paper/28', link2: 'https://example.com/code/28',
    files: ['pdf'],
  },
  {
    title: 'Overlapping Community Detection via Nonnegative Matrix Factorization with Side Information',
    author: ['Qianqian Ye', 'Mingyuan Zhou'],
    source: 'ICDM 2018', type: 'paper', area: 'graph models', year: 2018, month: 11,
    link1: 'https://example.org/paper/29',
    files: ['pdf'],
  },
  {
    title: 'Towards Graph Foundation Models: Pre-training Across Domains with Structural Tokens',
    author: ['Zirui Feng', 'Jiawen Xu', 'Marta Lindqvist', 'Tomasz Wielgus', 'Mingyuan Zhou'],
    source: 'TKDE', type: 'paper', area: 'graph models', year: 2026, month: 6,
    link1: 'https://example.org/paper/30',
    files: ['pdf'],
  },
  {
    title: 'Graph Learning for Social Data (in Chinese)',
    author: ['Jiawen Xu', 'Zirui Feng', 'Mingyuan Zhou'],
    source: 'Beichen University Press', type: 'monograph', area: 'graph models', year: 2025, month: 10,
    link1: 'https://example.org/paper/31',
    files: [],
  },
  {
    title: 'Remember to Forget: Budgeted Long-Term Memory for LLM Agents',
    author: ['Junjie Luo', 'Kaiwen Deng', 'Yunshu Lin'],
    source: 'ICLR 2026', type: 'paper', area: 'agents', year: 2026, month: 4,
    link1: 'https://example.org/paper/32', link2: 'https://example.com/code/32', link3: 'https://mp.example.com/s/32',
    files: ['pdf', 'slides'],
  },
  {
    title: 'When Do Agents Disagree? An Empirical Study of Multi-Agent Debate for Reasoning',
    author: ['Junjie Luo', 'Yihang Sun', 'Yunshu Lin', 'Qinghe Li'],
    source: 'EMNLP 2024', type: 'paper', area: 'agents', year: 2024, month: 11,
    link1: 'https://example.org/paper/33', link2: 'https://example.com/code/33',
    files: ['pdf', 'slides'],
  },
  {
    title: 'WebChores: A Benchmark of Everyday Multi-Step Web Tasks for Language Agents',
    author: ['Kaiwen Deng', 'Junjie Luo', 'Rafael Ortega', 'Yunshu Lin'],
    source: 'NeurIPS 2025 Datasets and Benchmarks', type: 'paper', area: 'agents', year: 2025, month: 12,
    link1: 'https://example.org/paper/34', link2: 'https://example.com/code/34',
    files: ['pdf', 'dataset'],
  },
  {
    title: 'Tool Learning with Self-Verification for Small Language Models',
    author: ['Yunshu Lin', 'Junjie Luo', 'Sofia Almeida'],
    source: 'AAAI 2024', type: 'paper', area: 'agents', year: 2024, month: 2,
    link1: 'https://example.org/paper/35',
    files: ['pdf'],
  },
  {
    title: 'Calibrating LLM Agents against Panel Surveys for Opinion Dynamics Simulation',
    author: ['Zhiheng Guo', 'Tianyu Jiang', 'Xinyue Zhao', 'Mingyuan Zhou'],
    source: 'AAAI 2026', type: 'paper', area: 'social simulation', year: 2026, month: 2,
    link1: 'https://example.org/paper/36', link2: 'https://example.com/code/36', link3: 'https://mp.example.com/s/36', link4: 'https://video.example.com/36',
    files: ['pdf', 'slides'],
  },
  {
    title: 'Simulating Commuter Responses to Congestion Pricing with Generative Agents',
    author: ['Tianyu Jiang', 'Zhiheng Guo', 'Yuki Morimoto'],
    source: 'AAMAS 2025', type: 'paper', area: 'social simulation', year: 2025, month: 5,
    link1: 'https://example.org/paper/37',
    files: ['pdf'],
  },
  {
    title: 'Bounded Confidence Meets Recommendation: Feedback Loops in Simulated Platforms',
    author: ['Zhiheng Guo', 'Xinyue Zhao', 'Elena Marchetti'],
    source: 'Journal of Artificial Societies and Social Simulation', type: 'paper', area: 'social simulation', year: 2023, month: 7,
    link1: 'https://example.org/paper/38',
    files: ['pdf'],
  },
  {
    title: 'Agent-Based Evaluation of Misinformation Interventions: A Counterfactual Framework',
    author: ['Zhiheng Guo', 'Junjie Luo', 'Zeyu Huang', 'Daniel Okafor', 'Yunshu Lin', 'Mingyuan Zhou'],
    source: 'WWW 2026', type: 'paper', area: 'social simulation', year: 2026, month: 5,
    link1: 'https://example.org/paper/39', link2: 'https://example.com/code/39',
    files: ['pdf', 'slides'],
  },
  {
    title: 'Privacy Budget Allocation for Synthetic Social Network Release',
    author: ['Manqing Qiu', 'Qianqian Ye', 'Shuyi Wang'],
    source: 'TKDE', type: 'paper', area: 'knowledge modeling and privacy computing', year: 2020, month: 8,
    link1: 'https://example.org/paper/40',
    files: ['pdf'],
  },
];
