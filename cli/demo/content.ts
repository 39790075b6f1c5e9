// Demo content for `lab demo`: an invented lab with invented people, papers, articles, news and seminars.
// Everything here is fictional; links point at example.org / example.com only.
// Enum fields use the English wire `value` strings of common/enums.ts.

import type { areas, articleTypes, personTypes, publicationTypes, roomTypes } from '../../common/enums.ts';

type ValueOf<L extends readonly { value: string }[]> = L[number]['value'];

type PersonType = ValueOf<typeof personTypes>;
type Area = ValueOf<typeof areas>;
type PublicationType = ValueOf<typeof publicationTypes>;
type ArticleType = ValueOf<typeof articleTypes>;
type RoomType = ValueOf<typeof roomTypes>;

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

type DemoPublicationFile = 'pdf' | 'slides' | 'dataset';

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
  /** The details, on some of them (the DOIs use 10.5555, the prefix kept for examples). */
  doi?: string;
  abstract?: string;
  keywords?: string[];
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
type Slot = [number, number];

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
    description_en: 'Director of the lab and professor. His research covers social computing, collective behaviour online and computational social science.',
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
    description_en: 'Professor working on computational argumentation, argument mining and explainable reasoning with large language models.',
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
    description_en: 'Associate professor focusing on knowledge graph construction, federated learning and differential privacy.',
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
    description_en: 'Received his PhD in 2022 with a thesis on modelling rumour propagation; now an applied scientist in industry.',
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
    description_en: 'Received his PhD in 2025 for work on multimodal misinformation detection; now an assistant professor.',
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
    source: 'WWW 2025',
    type: 'paper',
    area: 'social computing',
    year: 2025,
    month: 4,
    link1: 'https://example.org/paper/1',
    link2: 'https://example.com/code/1',
    link3: 'https://mp.example.com/s/1',
    files: ['pdf', 'slides'],
    doi: '10.5555/disc.2025.0001',
    abstract:
      'Affective polarization is usually measured with surveys. We measure it from behaviour instead: on two short-video platforms we build interaction graphs of likes, replies and duets between 1.2 million accounts, and show that the share of hostile cross-group replies tracks survey-based polarization over 18 months. The measure is cheap, runs daily, and separates topics that divide from topics that merely trend.',
    keywords: ['affective polarization', 'short video', 'interaction graphs', 'social computing'],
  },
  {
    title: 'Rumor or Revision? Tracking Claim Mutation Across Reposting Chains',
    author: ['Zeyu Huang', 'Xinyue Zhao', 'Mingyuan Zhou'],
    source: 'ICWSM 2022',
    type: 'paper',
    area: 'social computing',
    year: 2022,
    month: 6,
    link1: 'https://example.org/paper/2',
    link2: 'https://example.com/code/2',
    files: ['pdf', 'dataset'],
    doi: '10.5555/disc.2022.0002',
    abstract:
      'A claim rarely travels unchanged. We follow 40,000 reposting chains on a microblog platform and align each repost with its source to detect when a claim is revised, exaggerated or corrected. Mutations cluster at a few high-degree accounts, and corrected versions spread more slowly than the exaggerated ones they correct.',
    keywords: ['rumor', 'misinformation', 'information diffusion'],
  },
  {
    title: 'Who Speaks for the Crowd? Representation Bias in Trending Topic Lists',
    author: ['Xinyue Zhao', 'Daniel Okafor', 'Mingyuan Zhou'],
    source: 'CSCW 2024',
    type: 'paper',
    area: 'social computing',
    year: 2024,
    month: 11,
    link1: 'https://example.org/paper/3',
    files: ['pdf'],
  },
  {
    title: 'Early Detection of Coordinated Inauthentic Behavior via Temporal Co-Activity',
    author: ['Zeyu Huang', 'Qianqian Ye', 'Mingyuan Zhou'],
    source: 'TKDE',
    type: 'paper',
    area: 'social computing',
    year: 2021,
    month: 3,
    link1: 'https://example.org/paper/4',
    files: ['pdf'],
  },
  {
    title: 'Computational Social Science: Methods and Practice (in Chinese)',
    author: ['Mingyuan Zhou', 'Qinghe Li', 'Shuyi Wang'],
    source: 'Xinghe Academic Press',
    type: 'monograph',
    area: 'social computing',
    year: 2023,
    month: 9,
    link1: 'https://example.org/paper/5',
    files: [],
  },
  {
    title: 'Structure-Aware Argument Mining with Graph Prompting',
    author: ['Yihang Sun', 'Yuhan Xie', 'Priya Raman', 'Qinghe Li'],
    source: 'ACL 2025',
    type: 'paper',
    area: 'computational argumentation',
    year: 2025,
    month: 7,
    link1: 'https://example.org/paper/6',
    link2: 'https://example.com/code/6',
    link3: 'https://mp.example.com/s/6',
    link4: 'https://video.example.com/6',
    files: ['pdf', 'slides'],
    doi: '10.5555/disc.2025.0006',
    abstract:
      'Argument mining asks which spans are claims and premises and how they support or attack each other. We cast the relations as a graph that a language model fills in step by step, prompting it with the structure found so far. On three benchmarks the method improves relation F1 by 4 to 7 points over sequence-labelling baselines, most on long essays.',
    keywords: ['argument mining', 'graph prompting', 'large language models', '论辩挖掘'],
  },
  {
    title: 'Who Wins the Debate? Predicting Persuasiveness from Argument Graphs',
    author: ['Yihang Sun', 'Xiangyu Kong', 'Qinghe Li'],
    source: 'EMNLP 2023',
    type: 'paper',
    area: 'computational argumentation',
    year: 2023,
    month: 12,
    link1: 'https://example.org/paper/7',
    link2: 'https://example.com/code/7',
    files: ['pdf', 'slides', 'dataset'],
  },
  {
    title: 'DebateDial: A Corpus of Multi-Party Argumentative Dialogues with Fine-Grained Relations',
    author: ['Xiangyu Kong', 'Yihang Sun', 'Lukas Brenner', 'Qinghe Li'],
    source: 'LREC 2022',
    type: 'paper',
    area: 'computational argumentation',
    year: 2022,
    month: 6,
    link1: 'https://example.org/paper/8',
    link2: 'https://example.com/code/8',
    files: ['pdf', 'dataset'],
  },
  {
    title: 'Counter-Argument Generation with Critical Question Planning',
    author: ['Yuhan Xie', 'Yihang Sun', 'Qinghe Li'],
    source: 'ACL 2025',
    type: 'paper',
    area: 'computational argumentation',
    year: 2025,
    month: 7,
    link1: 'https://example.org/paper/9',
    files: ['pdf'],
  },
  {
    title: 'Large Language Models as Argument Quality Judges: Agreement, Bias and Calibration',
    author: ['Yihang Sun', 'Yuhan Xie', 'Sofia Almeida', 'Hiroshi Tanabe', 'Qinghe Li'],
    source: 'ACL 2026',
    type: 'paper',
    area: 'computational argumentation',
    year: 2026,
    month: 8,
    link1: 'https://example.org/paper/10',
    link2: 'https://example.com/code/10',
    link3: 'https://mp.example.com/s/10',
    files: ['pdf', 'slides'],
  },
  {
    title: 'Federated Knowledge Graph Completion with Relation-Level Differential Privacy',
    author: ['Zhuoyu Han', 'Shuyi Wang', 'Tomasz Wielgus'],
    source: 'KDD 2024',
    type: 'paper',
    area: 'knowledge modeling and privacy computing',
    year: 2024,
    month: 8,
    link1: 'https://example.org/paper/11',
    link2: 'https://example.com/code/11',
    files: ['pdf', 'slides'],
  },
  {
    title: 'Private Recommendation under Local Differential Privacy with Item Graph Smoothing',
    author: ['Manqing Qiu', 'Shuyi Wang', 'Mingyuan Zhou'],
    source: 'CIKM 2019',
    type: 'paper',
    area: 'knowledge modeling and privacy computing',
    year: 2019,
    month: 11,
    link1: 'https://example.org/paper/12',
    files: ['pdf'],
  },
  {
    title: 'Membership Inference Risks of Knowledge-Enhanced Language Models',
    author: ['Shuyi Wang', 'Zhuoyu Han', 'Marta Lindqvist', 'Amara Nwosu'],
    source: 'AAAI 2025',
    type: 'paper',
    area: 'knowledge modeling and privacy computing',
    year: 2025,
    month: 2,
    link1: 'https://example.org/paper/13',
    files: ['pdf', 'slides'],
  },
  {
    title: 'A Method for Privacy-Preserving Entity Alignment Across Institutional Knowledge Graphs',
    author: ['Shuyi Wang', 'Zhuoyu Han', 'Mingyuan Zhou'],
    source: 'CN Patent (demo) 2024-1-0000001',
    type: 'patent',
    area: 'knowledge modeling and privacy computing',
    year: 2024,
    month: 10,
    link1: 'https://example.org/paper/14',
    files: ['pdf'],
  },
  {
    title: 'Co-Writing with Hesitation: How Writers Negotiate Suggestions from Language Models',
    author: ['Yuqing Tang', 'Ruoxi Wei', 'Rafael Ortega', 'Yunshu Lin'],
    source: 'CHI 2025',
    type: 'paper',
    area: 'human-computer interaction and embodied learning',
    year: 2025,
    month: 4,
    link1: 'https://example.org/paper/15',
    link4: 'https://video.example.com/15',
    files: ['pdf', 'slides'],
  },
  {
    title: 'Grounding Spoken Instructions for Household Robots with Gaze and Pointing',
    author: ['Yuqing Tang', 'Haoran Chen', 'Yuki Morimoto'],
    source: 'IROS 2024',
    type: 'paper',
    area: 'human-computer interaction and embodied learning',
    year: 2024,
    month: 10,
    link1: 'https://example.org/paper/16',
    link2: 'https://example.com/code/16',
    link4: 'https://video.example.com/16',
    files: ['pdf'],
  },
  {
    title: 'Embodied Curriculum Learning from Human Corrections in Simulated Kitchens',
    author: ['Yuqing Tang', 'Kaiwen Deng', 'Yunshu Lin'],
    source: 'CoRL 2026',
    type: 'paper',
    area: 'human-computer interaction and embodied learning',
    year: 2026,
    month: 11,
    link1: 'https://example.org/paper/17',
    files: ['pdf'],
  },
  {
    title: 'Cross-Modal Inconsistency Reasoning for Multimodal Misinformation Detection',
    author: ['Hanlin Du', 'Kexin Song', 'Haoran Chen'],
    source: 'ACM MM 2023',
    type: 'paper',
    area: 'multimodal and machine learning',
    year: 2023,
    month: 10,
    link1: 'https://example.org/paper/18',
    link2: 'https://example.com/code/18',
    link3: 'https://mp.example.com/s/18',
    files: ['pdf', 'slides'],
  },
  {
    title: 'Sentiment Beyond Captions: Aspect-Level Image-Text Sentiment with Region Alignment',
    author: ['Kexin Song', 'Hanlin Du', 'Haoran Chen'],
    source: 'ICME 2025',
    type: 'paper',
    area: 'multimodal and machine learning',
    year: 2025,
    month: 7,
    link1: 'https://example.org/paper/19',
    link2: 'https://example.com/code/19',
    files: ['pdf'],
  },
  {
    title: 'Calibrated Vision-Language Models under Distribution Shift',
    author: ['Haoran Chen', 'Hanlin Du', 'Lukas Brenner', 'Priya Raman'],
    source: 'NeurIPS 2024',
    type: 'paper',
    area: 'multimodal and machine learning',
    year: 2024,
    month: 12,
    link1: 'https://example.org/paper/20',
    link2: 'https://example.com/code/20',
    files: ['pdf', 'slides'],
  },
  {
    title: 'Efficient Video-Text Retrieval with Token Merging and Late Interaction',
    author: ['Hanlin Du', 'Haoran Chen'],
    source: 'CVPR 2022',
    type: 'paper',
    area: 'multimodal and machine learning',
    year: 2022,
    month: 6,
    link1: 'https://example.org/paper/21',
    files: ['pdf'],
  },
  {
    title: 'A Multimodal Content Verification System Based on Image-Text Consistency Scoring',
    author: ['Haoran Chen', 'Hanlin Du', 'Kexin Song'],
    source: 'CN Patent (demo) 2025-1-0000002',
    type: 'patent',
    area: 'multimodal and machine learning',
    year: 2025,
    month: 3,
    link1: 'https://example.org/paper/22',
    files: ['pdf'],
  },
  {
    title: 'Privacy-Aware Medical Dialogue Generation with Knowledge Grounding',
    author: ['Mingzhe He', 'Shiqi Yuan', 'Shuyi Wang'],
    source: 'AAAI 2026',
    type: 'paper',
    area: 'smart healthcare',
    year: 2026,
    month: 2,
    link1: 'https://example.org/paper/23',
    link2: 'https://example.com/code/23',
    files: ['pdf', 'slides'],
  },
  {
    title: 'Clinical Entity Recognition with Weak Supervision from Drug Labels',
    author: ['Wenbo Liang', 'Shuyi Wang', 'Amara Nwosu'],
    source: 'BIBM 2020',
    type: 'paper',
    area: 'smart healthcare',
    year: 2020,
    month: 12,
    link1: 'https://example.org/paper/24',
    files: ['pdf'],
  },
  {
    title: 'ChronicQA: Evaluating Language Models on Long-Term Disease Management Questions',
    author: ['Shiqi Yuan', 'Mingzhe He', 'Daniel Okafor', 'Mingyuan Zhou'],
    source: 'EMNLP 2026 Findings',
    type: 'paper',
    area: 'smart healthcare',
    year: 2026,
    month: 11,
    link1: 'https://example.org/paper/25',
    link2: 'https://example.com/code/25',
    link3: 'https://mp.example.com/s/25',
    files: ['pdf', 'dataset'],
  },
  {
    title: 'Patient Trajectory Modelling with Temporal Graph Networks',
    author: ['Mingzhe He', 'Jiawen Xu', 'Zirui Feng'],
    source: 'Journal of Biomedical Informatics',
    type: 'paper',
    area: 'smart healthcare',
    year: 2024,
    month: 5,
    link1: 'https://example.org/paper/26',
    files: ['pdf'],
  },
  {
    title: 'Continuous-Time Heterogeneous Graph Learning for Evolving Social Networks',
    author: ['Jiawen Xu', 'Zirui Feng', 'Mingyuan Zhou'],
    source: 'KDD 2025',
    type: 'paper',
    area: 'graph models',
    year: 2025,
    month: 8,
    link1: 'https://example.org/paper/27',
    link2: 'https://example.com/code/27',
    link4: 'https://video.example.com/27',
    files: ['pdf', 'slides'],
  },
  {
    title: 'Scaling Graph Neural Networks with Historical Embedding Compression',
    author: ['Zirui Feng', 'Junyi Cai', 'Jiawen Xu', 'Hiroshi Tanabe'],
    source: 'ICLR 2025',
    type: 'paper',
    area: 'graph models',
    year: 2025,
    month: 4,
    link1: 'https://example.org/paper/28',
    link2: 'https://example.com/code/28',
    files: ['pdf'],
  },
  {
    title: 'Overlapping Community Detection via Nonnegative Matrix Factorization with Side Information',
    author: ['Qianqian Ye', 'Mingyuan Zhou'],
    source: 'ICDM 2018',
    type: 'paper',
    area: 'graph models',
    year: 2018,
    month: 11,
    link1: 'https://example.org/paper/29',
    files: ['pdf'],
  },
  {
    title: 'Towards Graph Foundation Models: Pre-training Across Domains with Structural Tokens',
    author: ['Zirui Feng', 'Jiawen Xu', 'Marta Lindqvist', 'Tomasz Wielgus', 'Mingyuan Zhou'],
    source: 'TKDE',
    type: 'paper',
    area: 'graph models',
    year: 2026,
    month: 6,
    link1: 'https://example.org/paper/30',
    files: ['pdf'],
  },
  {
    title: 'Graph Learning for Social Data (in Chinese)',
    author: ['Jiawen Xu', 'Zirui Feng', 'Mingyuan Zhou'],
    source: 'Beichen University Press',
    type: 'monograph',
    area: 'graph models',
    year: 2025,
    month: 10,
    link1: 'https://example.org/paper/31',
    files: [],
  },
  {
    title: 'Remember to Forget: Budgeted Long-Term Memory for LLM Agents',
    author: ['Junjie Luo', 'Kaiwen Deng', 'Yunshu Lin'],
    source: 'ICLR 2026',
    type: 'paper',
    area: 'agents',
    year: 2026,
    month: 4,
    link1: 'https://example.org/paper/32',
    link2: 'https://example.com/code/32',
    link3: 'https://mp.example.com/s/32',
    files: ['pdf', 'slides'],
  },
  {
    title: 'When Do Agents Disagree? An Empirical Study of Multi-Agent Debate for Reasoning',
    author: ['Junjie Luo', 'Yihang Sun', 'Yunshu Lin', 'Qinghe Li'],
    source: 'EMNLP 2024',
    type: 'paper',
    area: 'agents',
    year: 2024,
    month: 11,
    link1: 'https://example.org/paper/33',
    link2: 'https://example.com/code/33',
    files: ['pdf', 'slides'],
  },
  {
    title: 'WebChores: A Benchmark of Everyday Multi-Step Web Tasks for Language Agents',
    author: ['Kaiwen Deng', 'Junjie Luo', 'Rafael Ortega', 'Yunshu Lin'],
    source: 'NeurIPS 2025 Datasets and Benchmarks',
    type: 'paper',
    area: 'agents',
    year: 2025,
    month: 12,
    link1: 'https://example.org/paper/34',
    link2: 'https://example.com/code/34',
    files: ['pdf', 'dataset'],
  },
  {
    title: 'Tool Learning with Self-Verification for Small Language Models',
    author: ['Yunshu Lin', 'Junjie Luo', 'Sofia Almeida'],
    source: 'AAAI 2024',
    type: 'paper',
    area: 'agents',
    year: 2024,
    month: 2,
    link1: 'https://example.org/paper/35',
    files: ['pdf'],
  },
  {
    title: 'Calibrating LLM Agents against Panel Surveys for Opinion Dynamics Simulation',
    author: ['Zhiheng Guo', 'Tianyu Jiang', 'Xinyue Zhao', 'Mingyuan Zhou'],
    source: 'AAAI 2026',
    type: 'paper',
    area: 'social simulation',
    year: 2026,
    month: 2,
    link1: 'https://example.org/paper/36',
    link2: 'https://example.com/code/36',
    link3: 'https://mp.example.com/s/36',
    link4: 'https://video.example.com/36',
    files: ['pdf', 'slides'],
  },
  {
    title: 'Simulating Commuter Responses to Congestion Pricing with Generative Agents',
    author: ['Tianyu Jiang', 'Zhiheng Guo', 'Yuki Morimoto'],
    source: 'AAMAS 2025',
    type: 'paper',
    area: 'social simulation',
    year: 2025,
    month: 5,
    link1: 'https://example.org/paper/37',
    files: ['pdf'],
  },
  {
    title: 'Bounded Confidence Meets Recommendation: Feedback Loops in Simulated Platforms',
    author: ['Zhiheng Guo', 'Xinyue Zhao', 'Elena Marchetti'],
    source: 'Journal of Artificial Societies and Social Simulation',
    type: 'paper',
    area: 'social simulation',
    year: 2023,
    month: 7,
    link1: 'https://example.org/paper/38',
    files: ['pdf'],
  },
  {
    title: 'Agent-Based Evaluation of Misinformation Interventions: A Counterfactual Framework',
    author: ['Zhiheng Guo', 'Junjie Luo', 'Zeyu Huang', 'Daniel Okafor', 'Yunshu Lin', 'Mingyuan Zhou'],
    source: 'WWW 2026',
    type: 'paper',
    area: 'social simulation',
    year: 2026,
    month: 5,
    link1: 'https://example.org/paper/39',
    link2: 'https://example.com/code/39',
    files: ['pdf', 'slides'],
  },
  {
    title: 'Privacy Budget Allocation for Synthetic Social Network Release',
    author: ['Manqing Qiu', 'Qianqian Ye', 'Shuyi Wang'],
    source: 'TKDE',
    type: 'paper',
    area: 'knowledge modeling and privacy computing',
    year: 2020,
    month: 8,
    link1: 'https://example.org/paper/40',
    files: ['pdf'],
  },
];

// ---------------------------------------------------------------------------------------------
// Articles (blog posts); markdown bodies, some in Chinese

export const articles: DemoArticle[] = [
  {
    title: 'Four Papers from the Lab Accepted at ACL 2025',
    slug: 'acl-2025-papers-accepted',
    abstract: 'Our work on argument mining, counter-argument generation and LLM evaluation will be presented in the main conference and Findings.',
    type: 'lab hot topic',
    authors: ['Yihang Sun', 'Qinghe Li'],
    release: true,
    daysAgo: 480,
    markdown: `## Overview

We are happy to share that four papers from the lab have been accepted at ACL 2025. Three appear in the main conference and one in Findings. Together they reflect two years of work by the computational argumentation group, with contributions from the agents and social computing teams.

## Accepted papers

| Title | Track | First author |
| --- | --- | --- |
| Structure-Aware Argument Mining with Graph Prompting | Main | Yihang Sun |
| Counter-Argument Generation with Critical Question Planning | Main | Yuhan Xie |
| Debate Transcripts as Training Signal for Stance Detection | Main | Xinyue Zhao |
| Probing Persuasion Strategies in Instruction-Tuned Models | Findings | Junjie Luo |

### What ties them together

All four papers treat an argument as a *structured object* rather than a flat piece of text:

- claims, premises and the relations between them are made explicit;
- models are asked to reason over that structure before producing a label or a reply;
- evaluation checks the structure as well as the final answer.

### Reproducing our results

Code and data will be released before the conference. A typical run of the argument mining model looks like this:

${FENCE}bash
git clone https://example.com/code/6 argmine && cd argmine
pip install -r requirements.txt
python train.py --config configs/graph_prompt.yaml --seed 13
${FENCE}

## Acknowledgements

We thank the anonymous reviewers for their careful comments, and the members of the weekly reading group who read early drafts. Travel support comes from the lab's conference fund; see the lab handbook for how to apply.

If you would like to cite the main paper, please use:

${FENCE}bibtex
@inproceedings{sun2025structure,
  title     = {Structure-Aware Argument Mining with Graph Prompting},
  author    = {Sun, Yihang and Xie, Yuhan and Raman, Priya and Li, Qinghe},
  booktitle = {Proceedings of ACL 2025},
  year      = {2025}
}
${FENCE}
`,
  },
  {
    title: '论文阅读：大模型提示方法在论证挖掘中的表现',
    abstract: '梳理近两年用大模型做论证挖掘的三类提示方法，并在实验室内部数据上做了一个小规模对比。',
    type: 'paper reading',
    authors: ['Yuhan Xie'],
    release: true,
    daysAgo: 300,
    markdown: `## 背景

论证挖掘（argument mining）通常包括三个子任务：论证成分识别、成分类型分类以及成分之间关系的预测。过去的主流做法是在标注语料上微调编码器模型；大模型出现后，越来越多的工作尝试直接用提示（prompting）完成这些任务。本文整理了组会上讨论过的几篇论文，并补充了我们自己的一个小实验。

## 三类提示方法

### 1. 直接提示

把整段文本交给模型，要求它按固定格式输出"主张/前提/关系"。优点是简单，缺点是长文本中的关系容易遗漏。

### 2. 分步提示

先抽取成分，再逐对判断关系。调用次数多，但每一步都更容易检查。

### 3. 结构化提示

先让模型生成论证图的草稿，再根据图的约束（如每个前提必须指向一个主张）进行修正。

## 小规模对比

我们在 200 篇内部标注的评论上测试了三种方法，结果如下：

| 方法 | 成分 F1 | 关系 F1 | 平均调用次数 |
| --- | --- | --- | --- |
| 直接提示 | 0.71 | 0.38 | 1 |
| 分步提示 | 0.74 | 0.49 | 6.3 |
| 结构化提示 | 0.75 | 0.53 | 2 |

结构化提示在关系预测上优势明显，而且调用次数远少于分步提示。

## 提示模板示例

${FENCE}text
你是一名论证分析专家。请阅读下面的评论，完成：
1. 找出所有主张（claim）与前提（premise），按出现顺序编号；
2. 给出每个前提支持或反对的主张编号；
3. 检查：每个前提都必须指向至少一个主张。
输出 JSON：{"components": [...], "relations": [...]}
${FENCE}

## 讨论

- 大模型对"隐含前提"的识别仍然不稳定；
- 输出格式错误约占 3%，需要加一层校验与重试；
- 结构化提示的效果依赖于约束写得是否清楚。

下一步我们计划把结构化提示与小模型微调结合，降低推理成本。
`,
  },
  {
    title: 'Running Jobs on the Lab GPU Cluster with Slurm',
    slug: 'gpu-cluster-slurm-quickstart',
    abstract: 'A quick start for new members: how to log in, request GPUs, submit batch jobs and keep the queue fair for everyone.',
    type: 'technical tutorial',
    authors: ['Zirui Feng', 'Jiawen Xu'],
    release: true,
    daysAgo: 210,
    markdown: `## Why Slurm

The lab cluster has four GPU nodes shared by about twenty people. Running experiments directly on a node with \`nohup\` makes it impossible to share resources fairly, so every job must go through the Slurm scheduler.

## Logging in

Ask the server administrator for an account, then connect to the login node:

${FENCE}bash
ssh your-name@gpu.example.org
${FENCE}

Do **not** train models on the login node. It is for editing files, managing environments and submitting jobs.

## Partitions and limits

| Partition | GPUs per node | Max time | Typical use |
| --- | --- | --- | --- |
| debug | 1 | 30 min | quick tests |
| normal | 8 | 3 days | training runs |
| long | 8 | 7 days | large pre-training (ask first) |

### Fair use

- at most 4 GPUs per person in \`normal\` at the same time;
- jobs longer than three days belong in \`long\` and must be announced in the group chat;
- clean up checkpoints you no longer need, the shared disk fills up quickly.

## A batch script

Save the following as \`train.sbatch\`:

${FENCE}bash
#!/bin/bash
#SBATCH --job-name=gnn-train
#SBATCH --partition=normal
#SBATCH --gres=gpu:2
#SBATCH --cpus-per-task=16
#SBATCH --time=24:00:00
#SBATCH --output=logs/%x-%j.out

source ~/miniconda3/bin/activate gnn
python train.py --config configs/base.yaml
${FENCE}

Submit it with \`sbatch train.sbatch\`, check the queue with \`squeue -u $USER\` and cancel with \`scancel JOBID\`.

### Interactive sessions

For debugging, request a short interactive session instead of keeping a node busy:

${FENCE}bash
srun --partition=debug --gres=gpu:1 --time=00:30:00 --pty bash
${FENCE}

## Getting help

If a job is stuck in the queue for a long time, check \`sinfo\` first; a node may be drained for maintenance. Otherwise ask in the #servers channel.
`,
  },
  {
    title: '用 PyTorch Geometric 搭建第一个图神经网络',
    abstract: '面向本科生和新入组同学的入门教程：从数据加载到两层 GCN 的训练与评估。',
    type: 'technical tutorial',
    authors: ['Junyi Cai', 'Zirui Feng'],
    release: true,
    daysAgo: 150,
    markdown: `## 写在前面

图神经网络（GNN）是实验室图模型方向的基础工具。本文以引文网络节点分类为例，介绍如何用 PyTorch Geometric 在半小时内跑通第一个模型。读者只需了解 PyTorch 的基本用法。

与图像、文本不同，图数据中样本之间并不独立：一个节点的表示依赖于它的邻居。GCN 的核心思想就是"聚合邻居信息，再做线性变换"，每多一层，节点就能看到更远一跳的邻居。理解这一点，后面的代码就很好读了。

## 环境准备

建议在服务器上新建一个 conda 环境，避免与其他项目冲突：

${FENCE}bash
conda create -n pyg python=3.11 -y
conda activate pyg
pip install torch torch_geometric
${FENCE}

## 数据与模型

### 数据集

我们使用一个经典的小型引文网络：节点是论文，边是引用关系，节点特征是词袋向量，标签是论文所属领域。

| 统计量 | 数值 |
| --- | --- |
| 节点数 | 2,708 |
| 边数 | 10,556 |
| 特征维度 | 1,433 |
| 类别数 | 7 |

### 两层 GCN

${FENCE}python
import torch
import torch.nn.functional as F
from torch_geometric.nn import GCNConv

class GCN(torch.nn.Module):
    def __init__(self, in_dim, hidden, out_dim):
        super().__init__()
        self.conv1 = GCNConv(in_dim, hidden)
        self.conv2 = GCNConv(hidden, out_dim)

    def forward(self, x, edge_index):
        x = F.relu(self.conv1(x, edge_index))
        x = F.dropout(x, p=0.5, training=self.training)
        return self.conv2(x, edge_index)
${FENCE}

## 训练技巧

- 学习率取 0.01，权重衰减取 5e-4，一般 200 轮即可收敛；
- 一定要固定随机种子，并报告多次运行的均值与标准差；
- 验证集上早停，避免在测试集上调参。

## 常见问题

1. **显存不足**：小图一般不会出现；大图请改用邻居采样。
2. **准确率只有 30% 左右**：检查是否忘了对特征做归一化，或者把训练掩码用错了。

跑通之后，可以尝试把 GCNConv 换成 GATConv，比较两者的效果差异。也可以把层数从 2 增加到 4、8，观察"过平滑"现象：层数越多，不同类别节点的表示反而越相似，准确率随之下降。遇到问题欢迎在组内群里提问，或者直接来 B-306 找师兄讨论。
`,
  },
  {
    title: '组会研讨通知：多智能体社会仿真专题',
    abstract: '本周组会围绕大模型驱动的多智能体社会仿真展开，包括两个报告和一个开放讨论。',
    type: 'seminar notice',
    authors: ['Zhiheng Guo'],
    release: true,
    daysAgo: 60,
    markdown: `## 基本信息

近一年来，用大模型驱动的智能体模拟人群行为成为社会计算领域的热点。实验室在舆论演化与城市出行两个场景上都有相关工作，本次组会希望把两条线的经验放在一起讨论，尤其是仿真结果的有效性与可复现性问题。欢迎其他方向的同学参加，从各自角度提出质疑。

- **时间**：周四 14:00–16:30
- **地点**：信息楼 A-520 会议室，同时开放腾讯会议
- **主持**：郭志衡

## 议程

| 时间 | 内容 | 报告人 |
| --- | --- | --- |
| 14:00–14:40 | 用面板调查校准智能体的意见分布 | 郭志衡 |
| 14:40–15:20 | 生成式智能体模拟通勤者对拥堵收费的反应 | 江天宇 |
| 15:30–16:30 | 开放讨论：仿真结果能否用于政策建议？ | 全体 |

## 讨论问题

### 有效性

- 智能体的"意见"在多大程度上反映真实人群？
- 如何区分模型本身的偏差与仿真设计带来的偏差？

### 可复现性

- 同一配置多次运行的方差有多大？
- 大模型版本更新后，结果是否还能复现？

## 会前准备

请大家提前阅读以下材料，并在共享文档中写下一个问题：

1. 实验室论文 *Calibrating LLM Agents against Panel Surveys for Opinion Dynamics Simulation*
2. 仿真工具包的 README

仿真工具包可以这样快速运行一个小例子：

${FENCE}bash
git clone https://example.com/code/socsim && cd socsim
python run.py --agents 200 --steps 50 --topic transport
${FENCE}

线上参会请联系主持人获取会议号。讨论记录会在会后整理成报告总结发布。
`,
  },
  {
    title: 'Summary: Workshop on Privacy-Preserving Social Data Analysis',
    abstract: 'Notes from the one-day workshop our lab co-organised, covering federated analytics, synthetic data release and audits.',
    type: 'report summary',
    authors: ['Shuyi Wang', 'Zhuoyu Han'],
    release: true,
    daysAgo: 400,
    markdown: `## About the workshop

The lab co-organised a one-day workshop on privacy-preserving analysis of social data. About sixty researchers and engineers attended, including participants from three partner universities and two public institutions. This post summarises the main discussions.

## Talks

| Session | Topic | Speaker |
| --- | --- | --- |
| Morning 1 | Federated knowledge graph completion | Zhuoyu Han |
| Morning 2 | Synthetic social networks under a privacy budget | Manqing Qiu (alumna) |
| Afternoon 1 | Auditing membership inference in language models | Marta Lindqvist |
| Afternoon 2 | Panel: what can researchers share? | All speakers |

### Federated analytics

Several speakers stressed that federation alone is not privacy. Gradients and model updates can leak information, so federated training should be combined with differential privacy or secure aggregation.

### Synthetic data

Synthetic networks are attractive for sharing, but their utility depends heavily on which statistics are preserved. A recurring suggestion was to publish a **utility report** next to every synthetic release.

### Audits

Membership inference attacks remain the most practical audit. The afternoon talk showed a simple recipe:

${FENCE}python
def audit(model, members, non_members, score):
    s_in = [score(model, x) for x in members]
    s_out = [score(model, x) for x in non_members]
    return roc_auc(s_in + s_out, [1] * len(s_in) + [0] * len(s_out))
${FENCE}

An AUC close to 0.5 means the attack cannot tell members from non-members.

## Take-aways

- Treat privacy as an end-to-end property of the pipeline, not a single component.
- Report privacy budgets and audit results together with accuracy.
- Build shared benchmarks so methods can be compared fairly.

Slides of all talks are collected on the workshop page. We plan to hold the second edition next autumn.
`,
  },
  {
    title: '2025 秋季学术交流会总结',
    abstract: '实验室年度学术交流会顺利举行，15 位同学汇报了研究进展，并评选出三项优秀报告。',
    type: 'report summary',
    authors: ['Xinyue Zhao', 'Mingyuan Zhou'],
    release: true,
    daysAgo: 380,
    markdown: `## 概况

2025 年秋季学术交流会在信息楼报告厅举行，全体在组成员参加，部分已毕业的师兄师姐也线上参与。本次交流会共安排 15 个报告，覆盖社会计算、计算论辩、图模型、智能体、智慧医疗等方向。

## 报告安排

| 场次 | 主题 | 报告数 |
| --- | --- | --- |
| 上午第一场 | 社会计算与社会仿真 | 5 |
| 上午第二场 | 计算论辩与多模态 | 4 |
| 下午第一场 | 图模型与隐私计算 | 3 |
| 下午第二场 | 智能体与智慧医疗 | 3 |

## 亮点

### 优秀报告

- 赵欣悦：短视频平台上的情感极化测量
- 罗俊杰：面向大模型智能体的有预算长期记忆
- 袁诗琪：慢病管理问答的评测基准

### 老师点评

周明远老师指出，今年的工作在"问题意识"上明显进步，但不少报告对失败实验讲得不够。他建议大家在组内报告中多展示负面结果，帮助其他同学少走弯路。

## 改进建议

1. 每个报告控制在 15 分钟以内，留足提问时间；
2. 海报环节可以提前打印，避免现场排队；
3. 提问环节由低年级同学优先发言。

## 附：报告材料归档

所有报告的幻灯片已上传到共享盘，目录结构如下：

${FENCE}text
/share/seminar/2025-autumn/
├── session1-social/
├── session2-argument-multimodal/
├── session3-graph-privacy/
└── session4-agents-health/
${FENCE}

感谢所有参与组织的同学！明年的交流会预计仍在十月举行。
`,
  },
  {
    title: '实验室年度回顾：我们这一年',
    slug: 'lab-year-in-review-2025',
    abstract: '回顾实验室 2025 年在论文发表、项目、招生和团队建设方面的主要进展。',
    type: 'lab hot topic',
    authors: ['Mingyuan Zhou'],
    release: true,
    daysAgo: 330,
    markdown: `## 一年概览

这一年，实验室在研究、育人和团队建设上都有不少收获。感谢每一位成员的投入，也感谢合作者和已毕业校友的持续支持。

## 关键数字

| 指标 | 2024 | 2025 |
| --- | --- | --- |
| 发表论文 | 9 | 14 |
| 在组成员 | 19 | 22 |
| 开源项目 | 5 | 8 |
| 毕业生 | 3 | 4 |

## 研究进展

### 计算论辩

论证挖掘与反驳生成的系列工作在多个会议上发表，相关数据集已开放下载。

### 智能体与社会仿真

我们搭建了面向舆论演化与城市出行的两个仿真平台，并开始与社会学同行合作校准模型。

### 智慧医疗

慢病问答评测基准发布，医疗对话中的隐私保护方法取得初步结果。

## 团队

- 新加入 2 位硕士生，另有 3 位本科生参与科研训练；
- 杜翰林博士毕业，开始独立的教职生涯；
- 组织了 30 次组会和 8 次学术讲座。

## 明年的计划

1. 建立统一的实验记录与复现规范；
2. 扩充 GPU 集群并完善排队制度；
3. 推进跨方向合作，每学期至少一个联合课题。

实验数据的归档命令已写入服务器使用指南，例如：

${FENCE}bash
rsync -av --progress results/ /share/archive/2025/$USER/
${FENCE}

新的一年，继续加油！
`,
  },
  {
    title: 'Reading Notes: Can LLM Agents Reproduce Opinion Dynamics?',
    abstract: 'Notes from the reading group on using language-model agents to simulate how opinions change in a population.',
    type: 'paper reading',
    authors: ['Tianyu Jiang', 'Zhiheng Guo'],
    release: true,
    daysAgo: 95,
    markdown: `## The question

Classic opinion dynamics models, such as bounded confidence or voter models, describe how opinions change with a few numeric parameters. Recent work replaces these rules with language-model agents that read posts and write replies. The reading group discussed whether such agents actually reproduce the patterns observed in real populations.

## Papers we read

| Paper (short name) | Setting | Main claim |
| --- | --- | --- |
| Generative town | 25 agents, daily life | Believable individual behaviour |
| Agent panels | 1,000 agents, survey items | Aggregate answers track survey marginals |
| Echo agents | 500 agents, social feed | Polarisation emerges with ranking feedback |

### What works

- Aggregate answers to survey questions often land close to real marginals.
- Agents react to framing in roughly the same direction as humans.

### What does not

- Variance across agents is too small: agents tend to converge on "reasonable" middle positions.
- Results change noticeably when the underlying model version changes.

## A minimal experiment

We reproduced the convergence effect with a toy loop:

${FENCE}python
for step in range(steps):
    for agent in agents:
        feed = sample_feed(agent, k=5)
        agent.opinion = llm_update(agent.persona, agent.opinion, feed)
    log(step, spread([a.opinion for a in agents]))
${FENCE}

After ten steps the spread of opinions dropped by about half, much faster than in the survey panel we compared against.

## Open questions for the lab

1. How should we calibrate persona prompts against demographic data?
2. Can we add stubbornness explicitly, instead of hoping it emerges?
3. Which statistics should a simulation paper report to be credible?

These questions feed directly into the calibration project led by Zhiheng.
`,
  },
  {
    title: 'New Dataset: ChronicQA for Long-Term Disease Management',
    abstract: 'We release ChronicQA, a benchmark of questions patients ask when managing chronic conditions, with expert-written reference answers.',
    type: 'lab hot topic',
    authors: ['Shiqi Yuan', 'Mingzhe He'],
    release: false,
    daysAgo: 20,
    markdown: `## What is ChronicQA

ChronicQA is a benchmark of questions that patients with chronic conditions ask between doctor visits: about medication, diet, exercise and warning signs. Each question comes with a reference answer written and checked by clinicians. All questions were rewritten to remove personal details.

Existing medical QA benchmarks focus on exam-style questions with a single correct option. Patients, however, ask open questions that depend on their situation, and a good answer often says what the model does *not* know and when to see a doctor. ChronicQA is built to measure exactly that.

## Statistics

| Condition group | Questions | Avg. answer length |
| --- | --- | --- |
| Diabetes | 1,240 | 132 words |
| Hypertension | 980 | 118 words |
| Chronic kidney disease | 610 | 141 words |
| Total | 2,830 | 129 words |

## Evaluation protocol

### Automatic metrics

We report factual consistency against the reference answer and a safety score that flags advice which could cause harm.

### Human evaluation

A subset of 300 answers per system is rated by clinicians on correctness, completeness and safety.

## Loading the data

${FENCE}python
import json

with open("chronicqa/test.jsonl") as f:
    items = [json.loads(line) for line in f]
print(items[0]["question"], items[0]["condition"])
${FENCE}

## Intended use

- Research on medical question answering and safety evaluation.
- **Not** for giving medical advice to real patients.

Answers generated by models on this benchmark must never be shown to patients without review by a qualified clinician. Please report any remaining personal information you find in the data to the authors.

The data and evaluation scripts will be linked here once the release is approved.
`,
  },
  {
    title: 'Reproducible Experiment Logging with a Tiny Python Helper',
    abstract: 'A small pattern for recording configs, code versions and metrics so that any number in a paper can be traced back to a run.',
    type: 'technical tutorial',
    authors: ['Junjie Luo'],
    release: false,
    daysAgo: 12,
    markdown: `## The problem

Three months after an experiment, someone asks where a number in the paper comes from. Too often the answer is "some run on node 3". This note describes the minimal logging habit the lab recommends.

## What to record

| Item | Why | How |
| --- | --- | --- |
| Config | Reproduce the run | save the resolved config as JSON |
| Code version | Know which code ran | git commit hash and dirty flag |
| Environment | Library versions matter | \`pip freeze\` output |
| Metrics | The result itself | one JSON line per evaluation |

## The helper

${FENCE}python
import json, subprocess, time
from pathlib import Path

def start_run(config: dict, root: str = "runs") -> Path:
    run = Path(root) / time.strftime("%Y%m%d-%H%M%S")
    run.mkdir(parents=True)
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    (run / "config.json").write_text(json.dumps(config, indent=2))
    (run / "commit.txt").write_text(commit)
    return run

def log_metrics(run: Path, **metrics) -> None:
    with open(run / "metrics.jsonl", "a") as f:
        f.write(json.dumps(metrics) + "\n")
${FENCE}

### Usage

- call \`start_run\` once at the beginning of training;
- call \`log_metrics\` after every evaluation;
- put the run directory name in the caption of every table you make.

## Tips

1. Never overwrite a run directory; create a new one.
2. Keep the seed in the config, not hard-coded.
3. Archive the runs behind a paper when it is submitted.
`,
  },
  {
    title: 'Reading Group Schedule for the Spring Term',
    abstract: 'Topics, presenters and rules of the weekly reading group for the coming spring term.',
    type: 'seminar notice',
    authors: ['Qinghe Li', 'Yihang Sun'],
    release: false,
    daysAgo: 3,
    markdown: `## Format

The reading group meets every Tuesday evening during term. One presenter introduces a paper in 30 minutes, followed by 30 minutes of discussion. Everyone is expected to have read at least the introduction and the experiments section.

The group is open to all members of the lab and to visiting students. This term we try a new rule: every session ends with five minutes in which each participant names one idea from the paper they could use in their own project.

## Schedule

| Week | Topic | Presenter |
| --- | --- | --- |
| 1 | Argument quality with LLM judges | Yihang Sun |
| 2 | Memory for long-horizon agents | Junjie Luo |
| 3 | Graph foundation models | Zirui Feng |
| 4 | Calibrating social simulations | Tianyu Jiang |
| 5 | Privacy audits for language models | Zhuoyu Han |
| 6 | Multimodal sentiment beyond captions | Kexin Song |

### Choosing a paper

- prefer papers from the last twelve months;
- avoid papers you co-authored;
- send the link to the organisers one week in advance.

### Slides

Slides go to the shared folder, named by week and presenter:

${FENCE}text
/share/reading-group/spring/week03-zirui-feng.pdf
${FENCE}

## Rules

1. Cameras on for online participants when asking questions.
2. Questions from first-year students come first.
3. If you cannot present in your week, swap with someone and tell the organisers.

The schedule is a draft and will be published after the first meeting.
`,
  },
];

// ---------------------------------------------------------------------------------------------
// News (short items for the home page; content is HTML)

export const news: DemoNews[] = [
  {
    daysAgo: 2,
    release: true,
    emphasize: true,
    abstract: '实验室三篇论文被 AAAI 2027 录用',
    content_zh:
      '<p>祝贺！实验室三篇论文被 <strong>AAAI 2027</strong> 录用，涉及社会仿真、智慧医疗与隐私计算。详见<a href="https://example.org/news/aaai-2027">论文列表</a>。</p>',
    content_en:
      '<p>Congratulations! Three papers from the lab were accepted at <strong>AAAI 2027</strong>, on social simulation, smart healthcare and privacy computing. See the <a href="https://example.org/news/aaai-2027">paper list</a>.</p>',
  },
  {
    daysAgo: 9,
    release: true,
    emphasize: true,
    abstract: '2027 年博士、硕士研究生招生开始',
    content_zh:
      '<p>实验室 2027 年研究生招生开始，欢迎对社会计算、计算论辩、智能体等方向感兴趣的同学联系导师。</p><p>报名方式见<a href="https://example.org/join">加入我们</a>页面。</p>',
    content_en:
      '<p>Applications for PhD and master positions starting in 2027 are open. Students interested in social computing, computational argumentation or agents are welcome to contact us.</p><p>See <a href="https://example.org/join">Join us</a>.</p>',
  },
  {
    daysAgo: 18,
    release: true,
    emphasize: false,
    abstract: 'Tianyu Jiang won the best poster award at a social simulation workshop',
    content_zh: '<p>硕士生江天宇关于<strong>生成式智能体模拟拥堵收费</strong>的工作获得社会仿真研讨会最佳海报奖。</p>',
    content_en:
      '<p>Master student Tianyu Jiang received the best poster award for his work on <strong>simulating congestion pricing with generative agents</strong>.</p>',
  },
  {
    daysAgo: 33,
    release: true,
    emphasize: false,
    abstract: '郭志衡老师获批青年科学基金项目',
    content_zh: '<p>郭志衡老师主持的"基于大模型智能体的舆论演化仿真与校准"获批青年科学基金项目。</p>',
    content_en: '<p>Dr. Zhiheng Guo received a young scientist grant for research on simulating and calibrating opinion dynamics with LLM agents.</p>',
  },
  {
    daysAgo: 47,
    release: true,
    emphasize: true,
    abstract: 'ChronicQA benchmark paper accepted at EMNLP 2026 Findings',
    content_zh: '<p>袁诗琪、何明哲等关于慢病管理问答评测基准 <strong>ChronicQA</strong> 的论文被 EMNLP 2026 Findings 录用。</p>',
    content_en:
      '<p>The paper introducing <strong>ChronicQA</strong>, a benchmark for chronic disease management questions, by Shiqi Yuan, Mingzhe He and colleagues, was accepted at EMNLP 2026 Findings.</p>',
  },
  {
    daysAgo: 70,
    release: true,
    emphasize: false,
    abstract: '实验室 GPU 集群完成扩容',
    content_zh: '<p>实验室 GPU 集群新增两台计算节点，排队规则同步更新，请阅读<a href="https://example.org/info/servers">服务器使用说明</a>。</p>',
    content_en:
      '<p>Two new compute nodes were added to the lab GPU cluster. Queue rules have been updated; please read the <a href="https://example.org/info/servers">server guide</a>.</p>',
  },
  {
    daysAgo: 130,
    release: true,
    emphasize: false,
    abstract: '李清禾教授在学术年会上作特邀报告',
    content_zh: '<p>李清禾教授受邀在学术年会上作题为<strong>《大模型时代的计算论辩》</strong>的特邀报告。</p>',
    content_en: '<p>Prof. Qinghe Li gave an invited talk titled <strong>Computational Argumentation in the Era of Large Language Models</strong>.</p>',
  },
  {
    daysAgo: 300,
    release: true,
    emphasize: false,
    abstract: 'WebChores benchmark released',
    content_zh: '<p>网页智能体评测基准 WebChores 正式开源，代码与数据见<a href="https://example.com/code/34">项目主页</a>。</p>',
    content_en:
      '<p>The WebChores benchmark for web agents is now open source; code and data are on the <a href="https://example.com/code/34">project page</a>.</p>',
  },
  {
    daysAgo: 365,
    release: true,
    emphasize: false,
    abstract: '实验室迁入信息楼新办公区',
    content_zh: '<p>实验室已迁入信息楼 A、B 两区，新增讨论室一间，欢迎来访。</p>',
    content_en: '<p>The lab has moved to zones A and B of the Information Building, with a new discussion room. Visitors are welcome.</p>',
  },
  {
    daysAgo: 402,
    release: true,
    emphasize: false,
    abstract: '隐私保护社会数据分析研讨会顺利举办',
    content_zh: '<p>实验室联合举办的隐私保护社会数据分析研讨会顺利举行，约六十人参会。</p>',
    content_en: '<p>The workshop on privacy-preserving social data analysis, co-organised by the lab, was attended by about sixty participants.</p>',
  },
  {
    daysAgo: 420,
    release: true,
    emphasize: false,
    abstract: 'Hanlin Du successfully defended his PhD thesis',
    content_zh: '<p>祝贺杜翰林顺利通过博士学位论文答辩，论文题目为《多模态虚假信息检测中的跨模态推理》。</p>',
    content_en:
      '<p>Congratulations to Hanlin Du on successfully defending his PhD thesis, <em>Cross-Modal Reasoning for Multimodal Misinformation Detection</em>.</p>',
  },
  {
    daysAgo: 440,
    release: true,
    emphasize: false,
    abstract: 'Welcome to the new members of the lab!',
    content_zh: '<p>欢迎谢雨涵、邓凯文等新同学加入实验室！新生指南请见内部信息页。</p>',
    content_en: '<p>A warm welcome to Yuhan Xie, Kaiwen Deng and the other new members who joined the lab this autumn.</p>',
  },
  {
    daysAgo: 485,
    release: true,
    emphasize: true,
    abstract: 'Four papers accepted at ACL 2025',
    content_zh: '<p>实验室四篇论文被 <strong>ACL 2025</strong> 录用，详见<a href="https://example.org/blog/acl-2025-papers-accepted">博客文章</a>。</p>',
    content_en:
      '<p>Four papers from the lab were accepted at <strong>ACL 2025</strong>. Read more in our <a href="https://example.org/blog/acl-2025-papers-accepted">blog post</a>.</p>',
  },
  {
    daysAgo: 1,
    release: false,
    emphasize: false,
    abstract: '（草稿）冬季学术交流会安排',
    content_zh: '<p>冬季学术交流会初定于一月中旬举行，具体安排待定。</p>',
    content_en: '<p>The winter lab meeting is tentatively planned for mid-January; details to follow.</p>',
  },
  {
    daysAgo: 5,
    release: false,
    emphasize: false,
    abstract: 'Draft: call for reviewers for the lab reading list',
    content_zh: '<p>征集志愿者整理各方向的入门阅读清单。</p>',
    content_en: '<p>We are looking for volunteers to curate starter reading lists for each research area.</p>',
  },
];

// ---------------------------------------------------------------------------------------------
// Seminars (speakers and institutions are invented)

const HOST_INS = { host_ins_zh: LAB_ZH, host_ins_en: LAB_EN };

export const seminars: DemoSeminar[] = [
  {
    title_zh: '大模型智能体能否代表真实人群？',
    title_en: 'Can LLM Agents Stand In for Real Populations?',
    abstract_zh: '报告讨论用大模型智能体替代调查样本的可行性与风险，介绍基于面板数据的校准方法，以及在舆论仿真中的应用。',
    abstract_en:
      'The talk examines when language-model agents can stand in for survey respondents, presents a calibration method based on panel data, and shows applications to opinion simulation.',
    speaker_zh: '艾琳娜·马尔凯蒂',
    speaker_en: 'Elena Marchetti',
    ins_zh: '远川大学计算社会科学中心',
    ins_en: 'Center for Computational Social Science, Yuanchuan University',
    des_zh: '马尔凯蒂博士长期从事计算社会科学研究，关注调查方法与仿真模型的结合。',
    des_en: 'Dr. Marchetti works on computational social science, combining survey methodology with simulation models.',
    host_zh: '郭志衡',
    host_en: 'Zhiheng Guo',
    ...HOST_INS,
    daysFromToday: 7,
    start: '14:00',
    end: '15:30',
    room_type: 'Tencent meeting',
    room_id: '512-306-771',
    room_pw: '2026',
    live_link: 'https://live.example.com/1',
  },
  {
    title_zh: '论证质量评估：从人工标注到大模型评审',
    title_en: 'Argument Quality: From Human Annotation to LLM Judges',
    abstract_zh: '报告回顾论证质量评估的理论框架，比较人工标注与大模型评审的一致性，并讨论评审偏差的来源。',
    abstract_en:
      'A review of theoretical frameworks for argument quality, a comparison of human and LLM judgements, and a discussion of where judge bias comes from.',
    speaker_zh: '普丽娅·拉曼',
    speaker_en: 'Priya Raman',
    ins_zh: '北桥大学语言技术研究所',
    ins_en: 'Language Technologies Institute, Northbridge University',
    des_zh: '拉曼教授研究论证挖掘与自然语言推理，是多个论证数据集的主要构建者。',
    des_en: 'Prof. Raman works on argument mining and natural language inference and has led the construction of several argument corpora.',
    host_zh: '李清禾',
    host_en: 'Qinghe Li',
    ...HOST_INS,
    daysFromToday: -14,
    start: '10:00',
    end: '11:30',
    room_type: 'Zoom meeting',
    room_id: '836-221-409',
    room_pw: 'arg2026',
    live_link: '',
  },
  {
    title_zh: '联邦学习中的隐私审计',
    title_en: 'Privacy Auditing in Federated Learning',
    abstract_zh: '介绍针对联邦学习的成员推断与梯度重构攻击，以及如何据此设计实用的隐私审计流程。',
    abstract_en:
      'An introduction to membership inference and gradient inversion attacks on federated learning, and how to turn them into practical privacy audits.',
    speaker_zh: '玛尔塔·林德奎斯特',
    speaker_en: 'Marta Lindqvist',
    ins_zh: '湖畔理工学院',
    ins_en: 'Lakeside Institute of Technology',
    des_zh: '林德奎斯特博士研究差分隐私与安全机器学习。',
    des_en: 'Dr. Lindqvist works on differential privacy and secure machine learning.',
    host_zh: '王书怡',
    host_en: 'Shuyi Wang',
    ...HOST_INS,
    daysFromToday: -35,
    start: '15:00',
    end: '16:30',
    room_type: 'Tencent meeting',
    room_id: '728-441-093',
    room_pw: '',
    live_link: 'https://live.example.com/3',
  },
  {
    title_zh: '动态图学习的若干进展',
    title_en: 'Recent Advances in Dynamic Graph Learning',
    abstract_zh: '报告梳理连续时间动态图模型的发展，讨论评测协议中的常见陷阱，并展望图基础模型。',
    abstract_en:
      'The talk surveys continuous-time dynamic graph models, discusses common pitfalls in evaluation protocols, and looks ahead to graph foundation models.',
    speaker_zh: '田边浩',
    speaker_en: 'Hiroshi Tanabe',
    ins_zh: '青屿科技大学信息学院',
    ins_en: 'School of Informatics, Qingyu University of Science and Technology',
    des_zh: '田边浩副教授研究图表示学习与大规模图挖掘。',
    des_en: 'Hiroshi Tanabe is an associate professor working on graph representation learning and large-scale graph mining.',
    host_zh: '许嘉雯',
    host_en: 'Jiawen Xu',
    ...HOST_INS,
    daysFromToday: -63,
    start: '14:00',
    end: '15:30',
    room_type: 'Zoom meeting',
    room_id: '915-008-331',
    room_pw: '',
    live_link: '',
  },
  {
    title_zh: '面向慢病管理的医疗对话系统',
    title_en: 'Dialogue Systems for Chronic Disease Management',
    abstract_zh: '介绍医疗对话系统在慢病随访中的应用，讨论安全性评估与临床落地中的挑战。',
    abstract_en:
      'Applications of dialogue systems to chronic disease follow-up, with a discussion of safety evaluation and the challenges of clinical deployment.',
    speaker_zh: '阿玛拉·恩沃苏',
    speaker_en: 'Amara Nwosu',
    ins_zh: '北辰研究院健康数据中心',
    ins_en: 'Health Data Center, Beichen Institute',
    des_zh: '恩沃苏博士从事临床自然语言处理与医疗人工智能评估研究。',
    des_en: 'Dr. Nwosu works on clinical natural language processing and the evaluation of medical AI.',
    host_zh: '何明哲',
    host_en: 'Mingzhe He',
    ...HOST_INS,
    daysFromToday: -98,
    start: '09:30',
    end: '11:00',
    room_type: 'Tencent meeting',
    room_id: '603-927-415',
    room_pw: '1130',
    live_link: 'https://live.example.com/5',
  },
  {
    title_zh: '具身智能中的人类反馈',
    title_en: 'Human Feedback for Embodied Agents',
    abstract_zh: '报告介绍如何利用语言纠正、手势与注视等人类反馈信号训练家庭机器人。',
    abstract_en: 'How household robots can learn from human feedback such as verbal corrections, gestures and gaze.',
    speaker_zh: '森本由纪',
    speaker_en: 'Yuki Morimoto',
    ins_zh: '远川大学机器人研究所',
    ins_en: 'Robotics Institute, Yuanchuan University',
    des_zh: '森本由纪博士研究人机交互与机器人学习。',
    des_en: 'Dr. Morimoto studies human-robot interaction and robot learning.',
    host_zh: '唐雨晴',
    host_en: 'Yuqing Tang',
    ...HOST_INS,
    daysFromToday: -140,
    start: '16:00',
    end: '17:30',
    room_type: 'Zoom meeting',
    room_id: '742-550-118',
    room_pw: 'robot',
    live_link: '',
  },
  {
    title_zh: '多模态虚假信息：检测、溯源与干预',
    title_en: 'Multimodal Misinformation: Detection, Tracing and Intervention',
    abstract_zh: '报告从检测、溯源到平台干预，系统介绍图文与视频虚假信息研究的现状与挑战。',
    abstract_en: 'An overview of research on image-text and video misinformation, from detection and provenance tracing to platform interventions.',
    speaker_zh: '杜翰林',
    speaker_en: 'Hanlin Du',
    ins_zh: '星河大学计算机学院',
    ins_en: 'School of Computer Science, Xinghe University',
    des_zh: '杜翰林博士毕业于本实验室，现任星河大学助理教授。',
    des_en: 'Dr. Du is an alumnus of the lab and now an assistant professor at Xinghe University.',
    host_zh: '陈浩然',
    host_en: 'Haoran Chen',
    ...HOST_INS,
    daysFromToday: -182,
    start: '14:30',
    end: '16:00',
    room_type: 'Tencent meeting',
    room_id: '318-664-250',
    room_pw: '',
    live_link: 'https://live.example.com/7',
  },
  {
    title_zh: '推荐算法与群体极化',
    title_en: 'Recommendation Algorithms and Group Polarization',
    abstract_zh: '结合大规模实验与仿真，讨论推荐算法是否以及如何加剧群体极化。',
    abstract_en: 'Combining large-scale experiments and simulations, the talk asks whether and how recommendation algorithms amplify polarization.',
    speaker_zh: '丹尼尔·奥卡福',
    speaker_en: 'Daniel Okafor',
    ins_zh: '北桥大学信息学院',
    ins_en: 'School of Information, Northbridge University',
    des_zh: '奥卡福教授研究在线平台、算法审计与计算社会科学。',
    des_en: 'Prof. Okafor studies online platforms, algorithm audits and computational social science.',
    host_zh: '周明远',
    host_en: 'Mingyuan Zhou',
    ...HOST_INS,
    daysFromToday: -250,
    start: '10:00',
    end: '11:30',
    room_type: 'Zoom meeting',
    room_id: '664-102-883',
    room_pw: 'polar',
    live_link: 'https://live.example.com/8',
  },
];

// ---------------------------------------------------------------------------------------------
// Internal info pages (members only)

export const infoPages: DemoInfoPage[] = [
  {
    aspect: '实验室规章',
    markdown: `# 实验室规章

## 作息与考勤

- 工作日 9:30–17:30 为核心时间，原则上在实验室工作；
- 请假超过 1 天，需提前告知导师并在群里报备；
- 寒暑假安排以学院通知为准，返校后第一周组会汇报假期进展。

## 组会

1. 每周四 14:00 全体组会，各方向轮流汇报；
2. 每两周一次方向小组会，由方向负责老师主持；
3. 汇报材料于前一天 22:00 前上传至共享盘。

## 学术规范

- 论文投稿前须经导师审阅，并在组内至少预讲一次；
- 实验数据、代码须按规范归档，保证结果可复现；
- 严禁抄袭、伪造数据，引用他人工作须规范标注。

## 公共区域

- 离开时关闭空调、灯和显示器；
- 会议室使用请在共享日历中预约；
- 公共物品借用需登记，用后及时归还。
`,
  },
  {
    aspect: '服务器使用',
    markdown: `# 服务器使用说明

## 账号申请

新成员入组后，向服务器管理员发送用户名与公钥，账号一般在两个工作日内开通。

## 资源概况

| 节点 | GPU | 显存 | 用途 |
| --- | --- | --- | --- |
| gpu01–gpu02 | 8 × A 系列 | 80 GB | 大模型训练 |
| gpu03–gpu04 | 8 × 消费级 | 24 GB | 日常实验 |
| cpu01 | — | — | 数据处理 |

## 使用规范

- 所有训练任务必须通过 Slurm 提交，**禁止**在登录节点跑实验；
- 每人同时占用不超过 4 张卡，长任务需在群里说明；
- 个人目录配额 500 GB，大文件放在 \`/data\` 下并定期清理；
- 不要在服务器上保存任何未脱敏的个人数据。

## 常用命令

- 查看队列：\`squeue -u $USER\`
- 查看节点状态：\`sinfo\`
- 取消任务：\`scancel 任务号\`

## 故障报告

遇到节点宕机或磁盘异常，请在"服务器"群中报告，并注明节点名、时间和现象。
`,
  },
  {
    aspect: '新生指南',
    markdown: `# 新生指南

欢迎加入实验室！下面是入组第一个月的建议清单。

## 第一周

- 领取门禁卡与工位，加入实验室群和共享日历；
- 申请服务器账号，阅读"服务器使用"页面；
- 与导师确定初步研究方向和阅读书目。

## 第一个月

1. 精读方向综述 2 篇、近期论文 10 篇，写阅读笔记；
2. 复现一篇方向内的代表性论文；
3. 在组会上做一次 15 分钟的入门报告。

## 常见问题

### 选方向很纠结怎么办？

先参与师兄师姐的项目，动手做一段时间再决定，比单纯读论文更有效。

### 英文论文读得慢？

正常现象。建议先读摘要、引言和图表，再决定是否精读全文。

## 联系人

- 服务器与账号：冯子睿
- 报销与采购：唐雨晴
- 网站与公众号：赵欣悦
`,
  },
  {
    aspect: '常用链接',
    markdown: `# 常用链接

## 内部资源

- [共享盘使用说明](https://example.org/internal/share)
- [组会日历](https://example.org/internal/calendar)
- [实验记录模板](https://example.org/internal/run-template)

## 写作与投稿

- [论文写作检查清单](https://example.org/internal/writing-checklist)
- [会议截止日期汇总](https://example.com/deadlines)
- [实验室 LaTeX 模板](https://example.com/code/latex-template)

## 学习资料

- [新生阅读书目](https://example.org/internal/reading-list)
- [技术教程合集](https://example.org/blog)

## 行政事务

- 报销流程与发票要求见共享盘"行政"目录；
- 会议注册费、差旅费须提前申请，回来后两周内报销。
`,
  },
];

// ---------------------------------------------------------------------------------------------
// Course schedules: busy periods per term, [day 1–7, period 1–15]

export const schedules: DemoSchedule[] = [
  // 2025-2026-1 (autumn)
  { username: 'labadmin', term: '2025-2026-1', occupy: [...block(1, 3, 4), ...block(3, 3, 4)] },
  { username: 'liqinghe', term: '2025-2026-1', occupy: [...block(2, 6, 8), ...block(4, 1, 2)] },
  { username: 'chenhaoran', term: '2025-2026-1', occupy: [...block(1, 6, 7), ...block(5, 3, 5)] },
  { username: 'sunyihang', term: '2025-2026-1', occupy: [...block(3, 11, 13)] },
  { username: 'fengzirui', term: '2025-2026-1', occupy: [...block(2, 1, 2), ...block(4, 6, 7)] },
  { username: 'tangyuqing', term: '2025-2026-1', occupy: [...block(1, 1, 2), ...block(3, 6, 8), ...block(5, 1, 2)] },
  { username: 'luojunjie', term: '2025-2026-1', occupy: [...block(1, 3, 5), ...block(2, 6, 7), ...block(4, 3, 4)] },
  { username: 'demo.user', term: '2025-2026-1', occupy: [...block(1, 1, 2), ...block(2, 3, 4), ...block(4, 8, 9)] },
  { username: 'hanzhuoyu', term: '2025-2026-1', occupy: [...block(2, 3, 4), ...block(3, 1, 2), ...block(5, 6, 7)] },
  { username: 'yuanshiqi', term: '2025-2026-1', occupy: [...block(1, 6, 8), ...block(3, 3, 4), ...block(4, 11, 12)] },
  { username: 'xieyuhan', term: '2025-2026-1', occupy: [...block(1, 3, 4), ...block(2, 8, 9), ...block(3, 1, 2), ...block(5, 3, 4)] },
  { username: 'dengkaiwen', term: '2025-2026-1', occupy: [...block(2, 1, 2), ...block(3, 6, 7), ...block(4, 3, 5)] },
  { username: 'pengxiaoyu', term: '2025-2026-1', occupy: [...block(1, 1, 2), ...block(2, 6, 8), ...block(3, 3, 4), ...block(5, 1, 2)] },
  { username: 'caijunyi', term: '2025-2026-1', occupy: [...block(1, 3, 5), ...block(2, 1, 2), ...block(4, 6, 8), ...block(5, 11, 12)] },
  { username: 'weiruoxi', term: '2025-2026-1', occupy: [...block(2, 3, 4), ...block(3, 6, 7), ...block(4, 1, 2), ...block(6, 3, 4)] },
  // 2025-2026-2 (spring)
  { username: 'labadmin', term: '2025-2026-2', occupy: [...block(2, 3, 4)] },
  { username: 'liqinghe', term: '2025-2026-2', occupy: [...block(1, 6, 7), ...block(3, 6, 7)] },
  { username: 'wangshuyi', term: '2025-2026-2', occupy: [...block(2, 1, 2), ...block(4, 3, 5)] },
  { username: 'chenhaoran', term: '2025-2026-2', occupy: [...block(3, 3, 4), ...block(5, 6, 8)] },
  { username: 'sunyihang', term: '2025-2026-2', occupy: [...block(1, 11, 12)] },
  { username: 'tangyuqing', term: '2025-2026-2', occupy: [...block(2, 6, 7)] },
  { username: 'luojunjie', term: '2025-2026-2', occupy: [...block(1, 1, 2), ...block(3, 8, 9)] },
  { username: 'demo.user', term: '2025-2026-2', occupy: [...block(1, 3, 4), ...block(3, 6, 8)] },
  { username: 'hanzhuoyu', term: '2025-2026-2', occupy: [...block(2, 6, 7), ...block(4, 1, 2)] },
  { username: 'yuanshiqi', term: '2025-2026-2', occupy: [...block(1, 6, 7), ...block(4, 3, 4), ...block(5, 1, 2)] },
  { username: 'jiangtianyu', term: '2025-2026-2', occupy: [...block(2, 3, 5), ...block(4, 6, 7)] },
  { username: 'xieyuhan', term: '2025-2026-2', occupy: [...block(1, 1, 2), ...block(2, 6, 8), ...block(4, 3, 4)] },
  { username: 'dengkaiwen', term: '2025-2026-2', occupy: [...block(1, 3, 4), ...block(3, 1, 2), ...block(5, 3, 5)] },
  { username: 'pengxiaoyu', term: '2025-2026-2', occupy: [...block(1, 6, 8), ...block(3, 3, 4), ...block(4, 11, 13)] },
  { username: 'caijunyi', term: '2025-2026-2', occupy: [...block(2, 1, 2), ...block(3, 6, 7), ...block(5, 3, 4)] },
  { username: 'weiruoxi', term: '2025-2026-2', occupy: [...block(1, 1, 2), ...block(2, 3, 4), ...block(4, 6, 8), ...block(5, 6, 7)] },
];
