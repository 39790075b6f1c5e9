// Demo site content for `lab demo`: course pages, shared tasks, the home page's carousels and the site
// settings of the invented lab. Plain data; cli/demo/site-seed.ts stores it through the services.
// Everything is fictional; links point at example.org / example.com only.

export type DemoPage = {
  slug: string;
  title_zh: string;
  title_en: string;
  summary_zh: string;
  summary_en: string;
  markdown_zh: string;
  markdown_en: string;
  link?: string;
  release?: boolean;
};

export type DemoShowcaseItem = {
  title_zh: string;
  title_en: string;
  description_zh: string;
  description_en: string;
  link?: string;
};

export type DemoSite = {
  lab_name_zh: string;
  lab_name_en: string;
  intro_zh: string;
  intro_en: string;
  location_zh: string;
  location_en: string;
  email: string;
  filing_number: string;
  console_title_zh: string;
  console_title_en: string;
  venue_ranks: string;
};

/** The page QR image encodes (the footer's "follow us" code). */
export const QR_TEXT = 'https://example.org/lab';

export const courses: DemoPage[] = [
  {
    slug: 'Intro-to-AI',
    title_zh: '人工智能导论',
    title_en: 'Introduction to Artificial Intelligence',
    summary_zh: '面向本科二年级的专业基础课：搜索、知识表示、机器学习与智能体，配合四次编程作业和一个课程项目。',
    summary_en:
      'A foundation course for second-year undergraduates: search, knowledge representation, machine learning and agents, with four programming assignments and a course project.',
    markdown_zh: `## 课程信息

| 项目 | 内容 |
|---|---|
| 学期 | 2025–2026 学年第二学期 |
| 学分 | 3 学分（48 学时） |
| 时间 | 每周二 14:00–15:35（第 6–7 节） |
| 地点 | 示例大学第三教学楼 301 |
| 授课教师 | 周明远 教授、陈浩然 副教授 |
| 助教 | 孙一航、赵欣悦 |
| 答疑 | 每周四 19:00–20:30，信息楼 508 |

## 教学大纲

| 周次 | 主题 | 阅读 |
|---|---|---|
| 1 | 人工智能的历史与问题定义 | AIMA 第 1–2 章 |
| 2 | 无信息搜索与启发式搜索 | AIMA 第 3 章 |
| 3 | 对抗搜索与博弈 | AIMA 第 5 章 |
| 4 | 约束满足问题 | AIMA 第 6 章 |
| 5 | 命题逻辑与一阶逻辑 | AIMA 第 7–8 章 |
| 6 | 知识图谱与推理 | 讲义 |
| 7 | 不确定性与贝叶斯网络 | AIMA 第 12–13 章 |
| 8 | 期中复习与测验 | — |
| 9 | 监督学习：线性模型与决策树 | 《机器学习》第 3–4 章 |
| 10 | 神经网络与反向传播 | 《深度学习》第 6 章 |
| 11 | 深度学习实践 | 讲义 |
| 12 | 强化学习基础 | Sutton & Barto 第 1–3 章 |
| 13 | 大语言模型与智能体 | 综述论文（课程网站） |
| 14 | 人工智能伦理与社会影响 | 讲义 |
| 15–16 | 课程项目展示 | — |

## 作业与考核

| 组成 | 比例 | 说明 |
|---|---|---|
| 编程作业 | 40% | 四次，每次 10%；迟交每天扣 10% |
| 期中测验 | 15% | 第 8 周课上进行，闭卷 |
| 课程项目 | 35% | 2–3 人一组：开题 5%、中期 10%、展示与报告 20% |
| 课堂参与 | 10% | 随堂练习与讨论 |

## 参考书目

1. Stuart Russell, Peter Norvig. *Artificial Intelligence: A Modern Approach*（第 4 版）.
2. 周志华.《机器学习》. 清华大学出版社.
3. Ian Goodfellow 等.《深度学习》.
4. Richard Sutton, Andrew Barto. *Reinforcement Learning: An Introduction*（第 2 版）.

## 先修要求

程序设计（Python）、线性代数、概率论与数理统计。
`,
    markdown_en: `## Course information

| Item | Details |
|---|---|
| Term | Spring 2026 |
| Credits | 3 (48 class hours) |
| Time | Tuesdays 14:00–15:35 (periods 6–7) |
| Place | Teaching Building 3, Room 301, Example University |
| Instructors | Prof. Mingyuan Zhou, Assoc. Prof. Haoran Chen |
| Teaching assistants | Yihang Sun, Xinyue Zhao |
| Office hours | Thursdays 19:00–20:30, Information Building 508 |

## Syllabus

| Week | Topic | Reading |
|---|---|---|
| 1 | History of AI and problem formulation | AIMA ch. 1–2 |
| 2 | Uninformed and heuristic search | AIMA ch. 3 |
| 3 | Adversarial search and games | AIMA ch. 5 |
| 4 | Constraint satisfaction problems | AIMA ch. 6 |
| 5 | Propositional and first-order logic | AIMA ch. 7–8 |
| 6 | Knowledge graphs and reasoning | Lecture notes |
| 7 | Uncertainty and Bayesian networks | AIMA ch. 12–13 |
| 8 | Midterm review and quiz | — |
| 9 | Supervised learning: linear models and decision trees | Zhou, *Machine Learning*, ch. 3–4 |
| 10 | Neural networks and backpropagation | *Deep Learning*, ch. 6 |
| 11 | Deep learning in practice | Lecture notes |
| 12 | Foundations of reinforcement learning | Sutton & Barto ch. 1–3 |
| 13 | Large language models and agents | Survey papers (course site) |
| 14 | AI ethics and social impact | Lecture notes |
| 15–16 | Project presentations | — |

## Assessment

| Component | Weight | Notes |
|---|---|---|
| Programming assignments | 40% | Four, 10% each; 10% off per day late |
| Midterm quiz | 15% | In class in week 8, closed book |
| Course project | 35% | Teams of 2–3: proposal 5%, midterm report 10%, presentation and report 20% |
| Participation | 10% | In-class exercises and discussion |

## Readings

1. Stuart Russell, Peter Norvig. *Artificial Intelligence: A Modern Approach* (4th ed.).
2. Zhihua Zhou. *Machine Learning*. Tsinghua University Press.
3. Ian Goodfellow et al. *Deep Learning*.
4. Richard Sutton, Andrew Barto. *Reinforcement Learning: An Introduction* (2nd ed.).

## Prerequisites

Programming (Python), linear algebra, probability and statistics.
`,
    link: 'https://example.org/courses/intro-to-ai',
  },
  {
    slug: 'Intro-to-NLP',
    title_zh: '自然语言处理导论',
    title_en: 'Introduction to Natural Language Processing',
    summary_zh: '面向高年级本科生与研究生：从词向量、序列标注、句法分析到预训练语言模型与论辩挖掘，含三次实验和一次评测式期末项目。',
    summary_en:
      'For senior undergraduates and graduate students: from word vectors, sequence labelling and parsing to pretrained language models and argument mining, with three labs and a shared-task style final project.',
    markdown_zh: `## 课程信息

| 项目 | 内容 |
|---|---|
| 学期 | 2025–2026 学年第一学期 |
| 学分 | 3 学分（48 学时，含 16 学时实验） |
| 时间 | 每周四 08:55–11:35（第 2–4 节） |
| 地点 | 示例大学信息楼 201 机房 |
| 授课教师 | 李清禾 教授 |
| 助教 | 谢雨涵、罗俊杰 |

## 教学大纲

| 周次 | 主题 | 实验 |
|---|---|---|
| 1 | 语言、文本与任务概览 | — |
| 2 | 中文分词与词性标注 | 实验一：分词器 |
| 3 | 词向量：word2vec 与 GloVe | |
| 4 | 语言模型与 n-gram | |
| 5 | 序列标注：HMM 与 CRF | 实验二：命名实体识别 |
| 6 | 句法分析与依存分析 | |
| 7 | 循环神经网络与注意力机制 | |
| 8 | Transformer | |
| 9 | 预训练语言模型：BERT 与 GPT | 实验三：文本分类微调 |
| 10 | 文本生成与解码 | |
| 11 | 信息抽取与知识图谱构建 | |
| 12 | 计算论辩与论辩挖掘 | 期末项目发布 |
| 13 | 社交媒体文本分析 | |
| 14 | 大语言模型：指令微调与对齐 | |
| 15 | 评测方法与可复现性 | |
| 16 | 期末项目答辩 | |

## 考核方式

| 组成 | 比例 |
|---|---|
| 三次实验 | 36%（各 12%） |
| 论文阅读报告 | 14% |
| 期末项目（以实验室评测任务为题） | 50% |

期末项目以本实验室发布的[评测任务](/sharedtask)为题，排行榜成绩占项目分的 30%，其余为代码质量与技术报告。

## 参考书目

1. Daniel Jurafsky, James H. Martin. *Speech and Language Processing*（第 3 版草稿）.
2. 车万翔 等.《自然语言处理：基于预训练模型的方法》.
3. Jacob Eisenstein. *Introduction to Natural Language Processing*.
`,
    markdown_en: `## Course information

| Item | Details |
|---|---|
| Term | Autumn 2025 |
| Credits | 3 (48 class hours including 16 lab hours) |
| Time | Thursdays 08:55–11:35 (periods 2–4) |
| Place | Information Building, Computer Room 201, Example University |
| Instructor | Prof. Qinghe Li |
| Teaching assistants | Yuhan Xie, Junjie Luo |

## Syllabus

| Week | Topic | Lab |
|---|---|---|
| 1 | Language, text and an overview of tasks | — |
| 2 | Chinese word segmentation and POS tagging | Lab 1: a segmenter |
| 3 | Word vectors: word2vec and GloVe | |
| 4 | Language models and n-grams | |
| 5 | Sequence labelling: HMM and CRF | Lab 2: named entity recognition |
| 6 | Constituency and dependency parsing | |
| 7 | Recurrent networks and attention | |
| 8 | The Transformer | |
| 9 | Pretrained language models: BERT and GPT | Lab 3: fine-tuning a text classifier |
| 10 | Text generation and decoding | |
| 11 | Information extraction and knowledge graph construction | |
| 12 | Computational argumentation and argument mining | Final project released |
| 13 | Social media text analysis | |
| 14 | Large language models: instruction tuning and alignment | |
| 15 | Evaluation methodology and reproducibility | |
| 16 | Final project defence | |

## Assessment

| Component | Weight |
|---|---|
| Three labs | 36% (12% each) |
| Paper reading report | 14% |
| Final project (one of the lab's shared tasks) | 50% |

The final project takes one of the lab's [shared tasks](/sharedtask); the leaderboard score is 30% of the
project mark, the rest is code quality and the technical report.

## Readings

1. Daniel Jurafsky, James H. Martin. *Speech and Language Processing* (3rd ed. draft).
2. Wanxiang Che et al. *Natural Language Processing: A Pre-trained Model Approach*.
3. Jacob Eisenstein. *Introduction to Natural Language Processing*.
`,
    link: 'https://example.org/courses/intro-to-nlp',
  },
];

export const sharedTasks: DemoPage[] = [
  {
    slug: 'ArgMine-2026',
    title_zh: 'ArgMine 2026：中文论辩挖掘评测',
    title_en: 'ArgMine 2026: Chinese Argument Mining Shared Task',
    summary_zh: '从中文辩论赛文本与网络评论中识别论点、论据及其支持/反驳关系。',
    summary_en: 'Identify claims, premises and their support/attack relations in Chinese debate transcripts and online comments.',
    markdown_zh: `## 任务简介

论辩挖掘旨在自动识别文本中的论辩结构。本次评测包含两个子任务：

- **子任务 A：论辩成分识别**——在句子级别判断每个句子是论点（Claim）、论据（Premise）还是非论辩内容；
- **子任务 B：论辩关系识别**——给定两个论辩成分，判断二者之间是支持、反驳还是无关系。

## 重要日期

| 日期 | 事项 |
|---|---|
| 2026-03-01 | 发布训练集与验证集 |
| 2026-04-15 | 发布测试集（无标注） |
| 2026-04-30 | 提交截止（北京时间 23:59） |
| 2026-05-10 | 公布结果 |
| 2026-06-01 | 技术报告提交截止 |

## 数据说明

| 数据集 | 辩论赛文本 | 网络评论 | 句子数 |
|---|---|---|---|
| 训练集 | 320 场 | 12,000 条 | 58,400 |
| 验证集 | 40 场 | 1,500 条 | 7,300 |
| 测试集 | 40 场 | 1,500 条 | 7,200 |

数据为 JSON Lines 格式，每行一个文档，包含句子列表、成分标签与关系三元组。数据仅供研究使用，报名后签署数据使用协议即可下载。

## 评测指标

- 子任务 A：三个类别的宏平均 F1；
- 子任务 B：支持与反驳两类的宏平均 F1；
- 总排名按两个子任务得分的平均值计算。

## 排行榜（验证集）

| 排名 | 队伍 | 子任务 A | 子任务 B | 平均 |
|---|---|---|---|---|
| 1 | 示例大学 NLP 组 | 78.4 | 61.2 | 69.8 |
| 2 | ArgMasters | 76.9 | 60.5 | 68.7 |
| 3 | 基线（BERT-base） | 72.1 | 54.3 | 63.2 |

## 联系方式

评测组织者：lab@example.org
`,
    markdown_en: `## Task

Argument mining recovers the argumentative structure of a text. This shared task has two subtasks:

- **Subtask A, argument components**: label each sentence as a Claim, a Premise or non-argumentative;
- **Subtask B, argument relations**: given two components, decide whether one supports, attacks or is unrelated to the other.

## Important dates

| Date | Event |
|---|---|
| 2026-03-01 | Training and validation data released |
| 2026-04-15 | Test data released (unlabelled) |
| 2026-04-30 | Submission deadline (23:59 Beijing time) |
| 2026-05-10 | Results announced |
| 2026-06-01 | System description papers due |

## Data

| Split | Debate transcripts | Online comments | Sentences |
|---|---|---|---|
| Train | 320 debates | 12,000 | 58,400 |
| Validation | 40 debates | 1,500 | 7,300 |
| Test | 40 debates | 1,500 | 7,200 |

Data come as JSON Lines, one document per line, with the sentences, component labels and relation triples.
They are for research only and can be downloaded after registering and signing the data agreement.

## Evaluation

- Subtask A: macro-averaged F1 over the three classes;
- Subtask B: macro-averaged F1 over support and attack;
- The overall ranking is the mean of the two subtask scores.

## Leaderboard (validation)

| Rank | Team | Subtask A | Subtask B | Mean |
|---|---|---|---|---|
| 1 | Example University NLP | 78.4 | 61.2 | 69.8 |
| 2 | ArgMasters | 76.9 | 60.5 | 68.7 |
| 3 | Baseline (BERT-base) | 72.1 | 54.3 | 63.2 |

## Contact

Organisers: lab@example.org
`,
    link: 'https://example.org/sharedtask/argmine-2026',
  },
  {
    slug: 'SocialPulse-2026',
    title_zh: 'SocialPulse 2026：社交媒体立场与谣言检测评测',
    title_en: 'SocialPulse 2026: Stance and Rumour Detection on Social Media',
    summary_zh: '面向微博话题讨论：判断帖子对目标话题的立场，并识别传播早期的谣言。',
    summary_en: 'On Weibo-style topic threads: classify the stance of each post towards a target and flag rumours early in their spread.',
    markdown_zh: `## 任务简介

给定一个话题及其下的转发与评论树：

1. **立场检测**：判断每条帖子对话题目标的立场（支持 / 反对 / 中立）；
2. **早期谣言检测**：只看话题发布后前 2 小时内的传播，判断源帖是否为谣言。

## 重要日期

| 日期 | 事项 |
|---|---|
| 2026-05-15 | 发布训练数据 |
| 2026-07-01 | 发布测试数据 |
| 2026-07-15 | 提交截止 |
| 2026-08-01 | 公布结果并邀请技术报告 |

## 数据说明

- 1,200 个话题，约 86,000 条帖子，均已匿名化（用户名与链接替换为占位符）；
- 每条帖子带有时间戳、转发关系和立场标签，源帖带有经核实的谣言标签；
- 另提供 50 万条无标注帖子供预训练使用。

## 评测指标

| 子任务 | 指标 |
|---|---|
| 立场检测 | 支持与反对两类的宏平均 F1 |
| 早期谣言检测 | 准确率与谣言类 F1，取二者平均 |

## 排行榜

| 排名 | 队伍 | 立场 F1 | 谣言得分 |
|---|---|---|---|
| — | 基线（RoBERTa + 传播树 GNN） | 64.0 | 71.5 |

提交开放后排行榜实时更新。
`,
    markdown_en: `## Task

Given a topic with its tree of reposts and comments:

1. **Stance detection**: classify each post's stance towards the topic's target (favour / against / neutral);
2. **Early rumour detection**: from the first two hours of spread only, decide whether the source post is a rumour.

## Important dates

| Date | Event |
|---|---|
| 2026-05-15 | Training data released |
| 2026-07-01 | Test data released |
| 2026-07-15 | Submission deadline |
| 2026-08-01 | Results and invitations to submit system papers |

## Data

- 1,200 topics, about 86,000 posts, anonymised (user names and links replaced by placeholders);
- Every post has a timestamp, its repost relation and a stance label; source posts carry a verified rumour label;
- 500,000 further unlabelled posts are provided for pretraining.

## Evaluation

| Subtask | Metric |
|---|---|
| Stance detection | Macro F1 over favour and against |
| Early rumour detection | Mean of accuracy and rumour-class F1 |

## Leaderboard

| Rank | Team | Stance F1 | Rumour score |
|---|---|---|---|
| — | Baseline (RoBERTa + propagation-tree GNN) | 64.0 | 71.5 |

The leaderboard updates live once submissions open.
`,
    link: 'https://example.org/sharedtask/socialpulse-2026',
  },
  {
    slug: 'MedDialog-2025',
    title_zh: 'MedDialog 2025：医患对话理解评测（已结束）',
    title_en: 'MedDialog 2025: Doctor–Patient Dialogue Understanding (closed)',
    summary_zh: '从在线问诊对话中抽取症状及其状态，并生成结构化病历摘要。评测已结束，数据集继续开放。',
    summary_en: 'Extract symptoms and their status from online consultations and generate a structured note. The task has closed; the data remain available.',
    markdown_zh: `## 任务简介

- **子任务 1：症状识别**——识别对话中提及的症状实体，并判断其状态（患者确有 / 患者否认 / 不确定）；
- **子任务 2：病历摘要生成**——根据整段对话生成包含主诉、现病史与建议的结构化摘要。

## 时间线

| 日期 | 事项 |
|---|---|
| 2025-03-01 | 发布数据 |
| 2025-05-20 | 提交截止 |
| 2025-06-10 | 公布结果 |
| 2025-08-15 | 研讨会报告 |

## 数据说明

2,400 段虚构化处理的问诊对话（平均 24 轮），覆盖 10 个科室；所有可识别个人信息均已去除。

## 评测指标

子任务 1 使用实体级 F1（实体与状态均正确才计为正确）；子任务 2 使用 ROUGE-L 与医学概念 F1 的平均值，并对前五名进行人工评估。

## 最终排名

| 排名 | 队伍 | 子任务 1 F1 | 子任务 2 得分 |
|---|---|---|---|
| 1 | HealthNLP | 83.7 | 52.9 |
| 2 | 示例医学院信息组 | 82.1 | 51.4 |
| 3 | MedBrain | 80.6 | 49.8 |
| 4 | 基线（BERT-CRF / BART） | 76.2 | 45.0 |
`,
    markdown_en: `## Task

- **Subtask 1, symptom recognition**: find the symptoms mentioned in a dialogue and their status (present / denied / uncertain);
- **Subtask 2, note generation**: write a structured note (chief complaint, history, advice) from the whole dialogue.

## Timeline

| Date | Event |
|---|---|
| 2025-03-01 | Data released |
| 2025-05-20 | Submission deadline |
| 2025-06-10 | Results announced |
| 2025-08-15 | Workshop presentations |

## Data

2,400 fictionalised consultations (24 turns on average) across 10 departments; all identifying information removed.

## Evaluation

Subtask 1 uses entity-level F1 (entity and status must both be right); subtask 2 the mean of ROUGE-L and
medical-concept F1, with a human evaluation of the top five systems.

## Final ranking

| Rank | Team | Subtask 1 F1 | Subtask 2 score |
|---|---|---|---|
| 1 | HealthNLP | 83.7 | 52.9 |
| 2 | Example Medical School Informatics | 82.1 | 51.4 |
| 3 | MedBrain | 80.6 | 49.8 |
| 4 | Baseline (BERT-CRF / BART) | 76.2 | 45.0 |
`,
    link: 'https://example.org/sharedtask/meddialog-2025',
  },
];

export const carousel: DemoShowcaseItem[] = [
  {
    title_zh: '欢迎来到数据智能与社会计算实验室',
    title_en: 'Welcome to the Data Intelligence and Social Computing Lab',
    description_zh: '用数据与智能理解社会，用计算服务社会。',
    description_en: 'Understanding society with data and intelligence; serving it with computing.',
  },
  {
    title_zh: '2025 年度学术年会',
    title_en: 'Annual Research Retreat 2025',
    description_zh: '全体成员汇报一年来的研究进展。',
    description_en: 'Every member presented a year of research.',
    link: '/news',
  },
  {
    title_zh: '计算论辩研究',
    title_en: 'Computational Argumentation',
    description_zh: '从辩论与评论中理解人们如何说理。',
    description_en: 'How people reason, learned from debates and comments.',
    link: '/publication',
  },
  {
    title_zh: '社会仿真平台发布',
    title_en: 'Social Simulation Platform Released',
    description_zh: '由大语言模型智能体驱动的社会仿真开源平台。',
    description_en: 'An open platform for social simulation driven by LLM agents.',
    link: '/DISCOpen',
  },
  {
    title_zh: '欢迎报考 2026 级研究生',
    title_en: 'Graduate Admissions 2026',
    description_zh: '欢迎对社会计算、自然语言处理与多模态学习感兴趣的同学加入。',
    description_en: 'Students interested in social computing, NLP and multimodal learning are welcome to apply.',
    link: '/people',
  },
];

export const tools: DemoShowcaseItem[] = [
  {
    title_zh: 'ArgAnnotator 论辩标注平台',
    title_en: 'ArgAnnotator',
    description_zh: '在网页中标注论点、论据及其关系，支持多人标注与一致性统计。',
    description_en: 'Mark claims, premises and their relations in the browser, with multi-annotator projects and agreement statistics.',
    link: 'https://example.com/disc/arg-annotator',
  },
  {
    title_zh: 'DialogTag 对话标注工具',
    title_en: 'DialogTag',
    description_zh: '面向多轮对话的意图、槽位与情感标注，快捷键驱动。',
    description_en: 'Intent, slot and emotion labelling for multi-turn dialogues, driven by keyboard shortcuts.',
    link: 'https://example.com/disc/dialogtag',
  },
  {
    title_zh: 'MedLabel 医疗文本标注',
    title_en: 'MedLabel',
    description_zh: '医学实体与术语标准化标注，内置术语表检索与预标注。',
    description_en: 'Medical entity and concept-normalisation annotation with built-in terminology search and pre-annotation.',
    link: 'https://example.com/disc/medlabel',
  },
  {
    title_zh: 'PairMark 图文对齐标注',
    title_en: 'PairMark',
    description_zh: '为图像区域与文本片段建立对应关系，用于多模态数据集构建。',
    description_en: 'Link image regions to text spans for building multimodal datasets.',
    link: 'https://example.com/disc/pairmark',
  },
];

export const projects: DemoShowcaseItem[] = [
  {
    title_zh: 'ArgKit',
    title_en: 'ArgKit',
    description_zh: '计算论辩工具包：论辩挖掘、论证质量评估与反驳生成的统一接口和预训练模型。',
    description_en:
      'A computational argumentation toolkit: one interface and pretrained models for argument mining, quality assessment and counter-argument generation.',
    link: 'https://example.com/disc/argkit',
  },
  {
    title_zh: 'SocioSim',
    title_en: 'SocioSim',
    description_zh: '基于大语言模型智能体的社会仿真框架，可模拟信息传播与舆论演化。',
    description_en: 'A social simulation framework of LLM agents for modelling information spread and opinion dynamics.',
    link: 'https://example.com/disc/sociosim',
  },
  {
    title_zh: 'MedDial',
    title_en: 'MedDial',
    description_zh: '中文医疗对话模型与评测脚本，含症状识别与病历摘要基线。',
    description_en: 'Chinese medical dialogue models and evaluation scripts, with symptom recognition and note generation baselines.',
    link: 'https://example.com/disc/meddial',
  },
  {
    title_zh: 'GraphLens',
    title_en: 'GraphLens',
    description_zh: '面向社交网络的图表示学习库，支持动态图与异质图。',
    description_en: 'A graph representation learning library for social networks, with dynamic and heterogeneous graphs.',
    link: 'https://example.com/disc/graphlens',
  },
  {
    title_zh: 'PrivKG',
    title_en: 'PrivKG',
    description_zh: '隐私保护的知识图谱构建与联邦推理工具。',
    description_en: 'Privacy-preserving knowledge graph construction and federated reasoning.',
    link: 'https://example.com/disc/privkg',
  },
  {
    title_zh: 'ZhEval',
    title_en: 'ZhEval',
    description_zh: '中文大语言模型评测基准，覆盖知识、推理与社会价值对齐。',
    description_en: 'A benchmark for Chinese large language models covering knowledge, reasoning and social value alignment.',
    link: 'https://example.com/disc/zheval',
  },
];

export const siteSettings: DemoSite = {
  lab_name_zh: '数据智能与社会计算实验室',
  lab_name_en: 'Data Intelligence and Social Computing Lab',
  intro_zh: `数据智能与社会计算实验室（DISC）隶属于示例大学计算机学院，致力于**用数据与人工智能理解和服务社会**。

实验室的研究方向包括：

- **社会计算与社会仿真**：用大语言模型智能体模拟信息传播与群体行为；
- **计算论辩**：论辩挖掘、论证质量评估与辩论生成；
- **多模态与机器学习**：图文理解、图模型与可信学习；
- **智慧医疗**：医患对话理解与医学知识图谱。

实验室现有教师 6 人、博士后 2 人、研究生 40 余人，长期与国内外高校及企业开展合作，并开放多个[开源项目](/DISCOpen)与[评测任务](/sharedtask)。`,
  intro_en: `The Data Intelligence and Social Computing Lab (DISC) at the School of Computer Science, Example University,
works on **understanding and serving society with data and artificial intelligence**.

Our research covers:

- **Social computing and social simulation**: LLM agents that model information spread and group behaviour;
- **Computational argumentation**: argument mining, argument quality and debate generation;
- **Multimodal and machine learning**: vision–language understanding, graph models and trustworthy learning;
- **Smart healthcare**: doctor–patient dialogue understanding and medical knowledge graphs.

The lab has 6 faculty members, 2 postdocs and more than 40 graduate students, collaborates with universities
and companies at home and abroad, and shares several [open-source projects](/DISCOpen) and
[shared tasks](/sharedtask).`,
  location_zh: '北京市海淀区示例路 100 号 示例大学信息楼 508 室',
  location_en: 'Room 508, Information Building, Example University, 100 Example Road, Haidian District, Beijing',
  email: 'lab@example.org',
  filing_number: '京ICP备00000000号-1',
  console_title_zh: '数据智能与社会计算实验室 管理后台',
  console_title_en: 'DISC Lab Console',
  // a lab in China: CCF's list beside its papers
  venue_ranks: 'ccf',
};
