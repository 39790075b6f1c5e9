import { personTypes, venueRankChoices } from '../enums.ts';
import { defineResource } from '../resource.ts';

// The site's own details: the lab intro on the home page, the footer (SPEC §2: lab name, location,
// contact mail, QR image, filing number shown in Chinese only) and the console's title. One record,
// declared like a resource so its fields validate and edit like every other; it has no list and is
// never created or deleted, only read and saved (GET and PUT /api/site/).
export const site = defineResource({
  name: 'site',
  label: { zh: '站点信息', en: 'Site settings' },
  table: 'site_settings',
  id: 'id',
  path: '/api/site/',
  fields: {
    lab_name_zh: { kind: 'text', label: { zh: '实验室名称（中文）', en: 'Lab name (Chinese)' }, required: true, max: 200, default: '数据智能与社会计算实验室' },
    lab_name_en: {
      kind: 'text',
      label: { zh: '实验室名称（英文）', en: 'Lab name (English)' },
      required: true,
      max: 200,
      default: 'Data Intelligence and Social Computing Lab',
    },
    intro_zh: { kind: 'longtext', label: { zh: '实验室简介（中文，Markdown）', en: 'Lab intro (Chinese, markdown)' }, max: 20000, widget: 'markdown' },
    intro_en: { kind: 'longtext', label: { zh: '实验室简介（英文，Markdown）', en: 'Lab intro (English, markdown)' }, max: 20000, widget: 'markdown' },
    location_zh: { kind: 'text', label: { zh: '地址（中文）', en: 'Location (Chinese)' }, max: 200 },
    location_en: { kind: 'text', label: { zh: '地址（英文）', en: 'Location (English)' }, max: 200 },
    email: { kind: 'email', label: { zh: '联系邮箱', en: 'Contact e-mail' } },
    // a mail to the author of a scheduled item when it goes public (needs SMTP_URL, MAIL_FROM)
    notify_publish: {
      kind: 'bool',
      label: { zh: '定时发布后邮件通知作者', en: 'Mail the author when a scheduled item is published' },
      default: false,
    },
    qr_image_url: {
      kind: 'image',
      label: { zh: '二维码图片', en: 'QR image' },
      image: { minWidth: 100, minHeight: 100, crop: [300, 300] },
    },
    filing_number: { kind: 'text', label: { zh: '备案号', en: 'Filing number' }, max: 60 },
    console_title_zh: { kind: 'text', label: { zh: '后台标题（中文）', en: 'Console title (Chinese)' }, max: 100, default: '实验室网站管理后台' },
    console_title_en: { kind: 'text', label: { zh: '后台标题（英文）', en: 'Console title (English)' }, max: 100, default: 'Lab Website Console' },
    // an administrator without two-factor login is sent to enrol it and reaches nothing else (server/http/auth.ts)
    require_admin_2fa: {
      kind: 'bool',
      label: { zh: '管理员必须启用两步验证', en: 'Require two-factor login for administrators' },
      default: false,
      states: { on: { zh: '必须', en: 'Required' }, off: { zh: '可选', en: 'Optional' } },
    },
    // university login (server/services/external-login.ts); they matter only when a kind
    // of it is configured (OIDC_ISSUER_URL, CAS_URL, LDAP_URL)
    external_signup: {
      kind: 'bool',
      label: { zh: '校园账号首次登录时自动创建成员账号', en: 'A first login with a campus account creates a member account' },
      default: false,
      states: { on: { zh: '自动创建', en: 'Created' }, off: { zh: '拒绝未登记的账号', en: 'Refused unless registered' } },
    },
    // the type of such an account; its authority is always "user", never administrator
    external_signup_type: {
      kind: 'enum',
      label: { zh: '自动创建的成员类型（权限总是普通用户）', en: 'Type of created members (always ordinary users)' },
      options: personTypes,
      default: 'master',
    },
    // the venue rank badges and filter of the publication pages; none by default (a lab
    // outside China may not want CCF's list on its papers)
    venue_ranks: {
      kind: 'enum',
      label: { zh: '论文列表显示的会议/期刊等级', en: 'Venue ranks shown with publications' },
      options: venueRankChoices,
      default: 'none',
    },
    // each publication's citations as OpenAlex counts them (server/sync/), on its page and the lists
    show_citations: {
      kind: 'bool',
      label: { zh: '在论文页面和列表中显示被引次数（来自 OpenAlex）', en: 'Show citation counts (from OpenAlex) on publication pages and lists' },
      default: false,
      states: { on: { zh: '显示', en: 'Shown' }, off: { zh: '不显示', en: 'Hidden' } },
    },
    // the styles the Cite box of a publication's page offers, in order ('': the GB/T style and APA; server/services/csl/styles.ts)
    cite_styles: {
      kind: 'text',
      label: { zh: '论文页面“引用”框提供的引用格式', en: 'Citation styles of the Cite box on publication pages' },
      max: 1000,
      format: 'style_list',
      widget: 'cite-styles',
    },
    member_passwords: {
      kind: 'bool',
      label: { zh: '成员可用本站密码登录（管理员始终可以）', en: 'Members may log in with a password of this site (administrators always may)' },
      default: true,
      states: { on: { zh: '允许', en: 'Allowed' }, off: { zh: '仅校园账号', en: 'Campus account only' } },
    },
  },
  history: {},
  access: { read: 'admin', create: 'admin', update: 'admin', delete: 'admin' },
  listColumns: [],
  orderBy: [],
});

/** The settings only administrators read (GET /api/site/): never in the public read or the pages' data. */
export const adminOnlySettings = [
  'require_admin_2fa',
  'notify_publish',
  'external_signup',
  'external_signup_type',
  'member_passwords',
  'show_citations',
  'cite_styles',
] as const;

/** The one row's id (the table's CHECK allows no other). */
export const SITE_ID = 1;
