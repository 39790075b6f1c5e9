import { areas, authorities, linkTypes, personTypes } from '../enums.ts';
import { YEARS } from '../fields.ts';
import { paths } from '../paths.ts';
import { passwordProblem } from '../password-policy.ts';
import { defineResource, type RefineContext } from '../resource.ts';

export const USERNAME_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{1,39}$/;

/**
 * Usernames that would shadow one of the site's own paths (the advisor area lives at /{username}/). The
 * public resources an app serves take theirs too (`reservedUsernamesOf`, built by server/app.ts).
 */
const sitePaths = [
  'api',
  'apiprivate',
  'resource',
  'console',
  'login',
  'logout',
  'news',
  'blog',
  'people',
  'curriculum',
  'sharedtask',
  'publication',
  'discopen',
  'assets',
  'static',
  'sitemap.xml',
  'robots.txt',
  'feed',
  'admin',
  // the search and preview pages, the invitation and password pages, the operators' probes
  'search',
  'preview',
  'invite',
  'healthz',
  'readyz',
  'metrics',
  'forgot-password',
  'reset-password',
];

/** The usernames an app refuses: the site's own paths and the first segments (lower case) of the public pages it serves. */
export const reservedUsernamesOf = (segments: Iterable<string>): ReadonlySet<string> => new Set([...sitePaths, ...[...segments].map((s) => s.toLowerCase())]);

/** Fields a member may change on their own profile (PUT /api/people/?uid=). */
export const profileFields = [
  'name_zh',
  'name_en',
  'password',
  'password2',
  'old_password',
  'email',
  'phone',
  'location_zh',
  'location_en',
  'description_zh',
  'description_en',
  'type',
  'type_num',
  'entrance',
  'area',
  'area_num',
  'portrait_url',
  'link',
  'link_type',
  'link1',
  'link2',
  'link3',
  'orcid',
  'dblp',
  'openalex',
] as const;

/** The checks across a person's fields, refusing the `reserved` usernames. */
const checksWith =
  (reserved: ReadonlySet<string>) =>
  (value: Record<string, unknown>, { issue, mode }: RefineContext): void => {
    if (typeof value.username === 'string' && value.username !== '') {
      if (!USERNAME_RE.test(value.username)) issue('username', 'invalid_username');
      else if (reserved.has(value.username.toLowerCase())) issue('username', 'reserved_username');
    }
    const pw = typeof value.password === 'string' ? value.password : '';
    const pw2 = typeof value.password2 === 'string' ? value.password2 : '';
    // the policy with what the form holds of the person; the server judges again with the stored record (services/people.ts)
    const problem = pw === '' ? null : passwordProblem(pw, { username: value.username, names: [value.name_zh, value.name_en] });
    if (problem) issue('password', problem);
    if ((pw !== '' || pw2 !== '') && pw !== pw2) issue('password2', 'password_mismatch');
    if (value.link_type === 3 && (mode === 'create' || 'link3' in value) && !value.link3) issue('link3', 'required');
  };

export const person = defineResource({
  name: 'person',
  label: { zh: '成员', en: 'People' },
  table: 'person',
  id: 'pid',
  path: '/api/people/',
  fields: {
    uid: { kind: 'text', label: { zh: '学号/工号', en: 'ID' }, required: true, max: 40 },
    username: { kind: 'text', label: { zh: '用户名', en: 'Username' }, required: true, max: 40 },
    name_zh: { kind: 'text', label: { zh: '中文名', en: 'Chinese name' }, required: true, max: 100 },
    name_en: { kind: 'text', label: { zh: '英文名', en: 'English name' }, required: true, max: 100 },
    password: { kind: 'password', label: { zh: '密码', en: 'Password' } },
    password2: { kind: 'password', label: { zh: '确认密码', en: 'Confirm password' } },
    // asked when a person changes their own password (server/services/people.ts)
    old_password: { kind: 'password', label: { zh: '当前密码', en: 'Current password' } },
    description_zh: { kind: 'longtext', label: { zh: '中文简介', en: 'Chinese introduction' }, max: 5000 },
    description_en: { kind: 'longtext', label: { zh: '英文简介', en: 'English introduction' }, max: 5000 },
    type: { kind: 'enum', label: { zh: '类型', en: 'Type' }, options: personTypes, numField: 'type_num', default: 'master' },
    area: { kind: 'enum', label: { zh: '方向', en: 'Area' }, options: areas, numField: 'area_num', default: 'none' },
    entrance: { kind: 'int', label: { zh: '入学年份', en: 'Entrance year' }, ...YEARS, widget: 'year' },
    authority: { kind: 'enum', label: { zh: '权限', en: 'Authority' }, options: authorities, default: 'user' },
    status: {
      kind: 'bool',
      label: { zh: '在组', en: 'In group' },
      default: true,
      states: { on: { zh: '在组', en: 'In group' }, off: { zh: '已毕业', en: 'Former' } },
      toggle: {
        on: { zh: '转为在组', en: 'Switch to in-group' },
        off: { zh: '转为已毕业', en: 'Switch to former' },
        confirmOn: { zh: '确认转为在组成员？', en: 'Switch to in-group member?' },
        confirmOff: { zh: '确认转为已毕业成员？', en: 'Switch to former member?' },
      },
    },
    portrait_url: {
      kind: 'image',
      label: { zh: '头像', en: 'Portrait' },
      image: { minWidth: 150, minHeight: 150, crop: [600, 600] },
    },
    link: { kind: 'url', label: { zh: '主页链接', en: 'Page link' } },
    link_type: { kind: 'int', label: { zh: '个人主页类型', en: 'Personal page type' }, min: 0, max: 3, default: 0, widget: 'choice', choices: linkTypes },
    link1: { kind: 'longtext', label: { zh: 'Markdown 主页', en: 'Markdown page' }, widget: 'markdown' },
    link2: { kind: 'longtext', label: { zh: 'HTML 主页', en: 'HTML page' }, widget: 'html' },
    link3: { kind: 'url', label: { zh: '已有主页链接', en: 'Existing page link' } },
    email: { kind: 'email', label: { zh: '邮箱', en: 'E-mail' } },
    phone: { kind: 'text', label: { zh: '电话', en: 'Phone' }, max: 40 },
    location_zh: { kind: 'text', label: { zh: '中文地址', en: 'Chinese location' }, max: 200 },
    location_en: { kind: 'text', label: { zh: '英文地址', en: 'English location' }, max: 200 },
    // their ids at the scholarly indexes, for their page, their Person's sameAs and "Find new papers"
    // (max: as pasted, a profile's address; stored bare, the format bounds it)
    orcid: { kind: 'text', label: { zh: 'ORCID iD', en: 'ORCID iD' }, max: 80, format: 'orcid' },
    dblp: { kind: 'text', label: { zh: 'dblp 作者标识', en: 'dblp person id' }, max: 80, format: 'dblp_pid' },
    openalex: { kind: 'text', label: { zh: 'OpenAlex 作者标识', en: 'OpenAlex author id' }, max: 80, format: 'openalex_author' },
    // a former member as an alumnus: when they graduated (or left) and where they are now, on their page and the former list
    graduated: { kind: 'int', label: { zh: '毕业年份', en: 'Graduation year' }, ...YEARS, widget: 'year' },
    now_at_zh: { kind: 'text', label: { zh: '现工作单位（中文）', en: 'Now at (Chinese)' }, max: 200 },
    now_at_en: { kind: 'text', label: { zh: '现工作单位（英文）', en: 'Now at (English)' }, max: 200 },
  },
  // 'active', or 'needs_invitation' for an account with no password that logs in
  derived: { account: { kind: 'text' } },
  history: { ownerFields: profileFields },
  access: { read: 'admin', create: 'admin', update: 'admin', delete: 'admin' },
  publicPath: (row) => (typeof row.username === 'string' ? paths.person(row.username) : undefined),
  listColumns: [
    'uid',
    { key: 'username', opens: true },
    { key: 'name_zh', with: 'name_en', label: { zh: '姓名', en: 'Name' }, title: true },
    'type',
    { key: 'status', label: { zh: '状态', en: 'Status' } },
  ],
  // SPEC §2 console/people (administrators): the side editor; in-group and former switch after a confirmation
  console: {
    segment: 'people',
    icon: 'people',
    editor: 'side',
    toggles: ['status'],
    editorFields: [
      'uid',
      'username',
      'name_zh',
      'name_en',
      'password',
      'password2',
      'type',
      'area',
      'entrance',
      'graduated',
      'now_at_zh',
      'now_at_en',
      'authority',
      'email',
      'phone',
      'location_zh',
      'location_en',
      'description_zh',
      'description_en',
      'portrait_url',
      'link_type',
      'link1',
      'link2',
      'link3',
      'orcid',
      'dblp',
      'openalex',
    ],
  },
  orderBy: [
    ['type_num', 'asc'],
    ['entrance', 'asc'],
    ['pid', 'asc'],
  ],
  refine: checksWith(reservedUsernamesOf([])),
});

/**
 * A person as one app writes them (server/api/people.ts): refusing that app's reserved usernames, the site's
 * own paths (which `person` alone refuses, in the console's check before sending) and its public pages'.
 */
export const personReserving = (reserved: ReadonlySet<string>): typeof person => ({ ...person, refine: checksWith(reserved) });
