import type { DB } from '../db/database.ts';
import type { MailTemplate } from './template.ts';

// The words of each mail the lab sends, in both languages; rendered by template.ts.
// Placeholders: {lab_zh}/{lab_en} the lab's name, {name_zh}/{name_en} and {username} the recipient.

export const invitationMail: MailTemplate = {
  subject: { zh: '{lab_zh}：请设置您的网站密码', en: '{lab_en}: choose your password' },
  paragraphs: [
    { zh: '{name_zh}（用户名 {username}）您好：', en: 'Dear {name_en} (username {username}),' },
    {
      zh: '{lab_zh}网站的管理员为您准备了账号。请打开下面的链接，设置您的密码并登录。',
      en: 'the administrator of the {lab_en} website has set up your account. Open the link below to choose your password and log in.',
    },
  ],
  link: { label: { zh: '设置密码', en: 'Choose your password' }, url: '' },
  after: [
    {
      zh: '该链接只能使用一次，有效期 7 天。如果您不认识本实验室，请忽略这封邮件。',
      en: 'The link works once and is valid for 7 days. If you do not know this lab, ignore this mail.',
    },
  ],
};

export const resetMail: MailTemplate = {
  subject: { zh: '{lab_zh}：重设密码', en: '{lab_en}: reset your password' },
  paragraphs: [
    { zh: '{name_zh}（用户名 {username}）您好：', en: 'Dear {name_en} (username {username}),' },
    { zh: '有人（很可能是您自己）申请重设您在{lab_zh}网站的密码。', en: 'someone, most likely you, asked to reset your password on the {lab_en} website.' },
  ],
  link: { label: { zh: '重设密码', en: 'Reset your password' }, url: '' },
  after: [
    {
      zh: '该链接只能使用一次，有效期 1 小时；设置新密码后，所有已登录的会话都会退出。如果不是您本人申请，请忽略这封邮件，您的密码不会改变。',
      en: 'The link works once and is valid for 1 hour; setting a new password logs out every session. If you did not ask for this, ignore this mail: your password stays as it is.',
    },
  ],
};

export const emailChangedMail: MailTemplate = {
  subject: { zh: '{lab_zh}：您的邮箱已更改', en: '{lab_en}: your e-mail address was changed' },
  paragraphs: [
    { zh: '{name_zh}（用户名 {username}）您好：', en: 'Dear {name_en} (username {username}),' },
    {
      zh: '您在{lab_zh}网站账号的邮箱刚刚由本地址改为 {new_email}。今后的密码重设邮件将发往新地址；24 小时内不会发送密码重设邮件。',
      en: 'the e-mail address of your account on the {lab_en} website was just changed from this address to {new_email}. Password reset mails will go to the new address; none is sent for the next 24 hours.',
    },
  ],
  after: [
    {
      zh: '如果这不是您本人的操作，您的账号可能已被他人使用：请立即联系实验室管理员。',
      en: 'If you did not make this change, someone else may be using your account: tell the lab administrator at once.',
    },
  ],
};

export const codesCappedMail: MailTemplate = {
  subject: { zh: '{lab_zh}：两步验证码错误次数过多', en: '{lab_en}: too many wrong two-factor codes' },
  paragraphs: [
    { zh: '{name_zh}（用户名 {username}）您好：', en: 'Dear {name_en} (username {username}),' },
    {
      zh: '15 分钟内有人为您的账号输入了 10 次错误的两步验证码，此后的验证码在 15 分钟内一律不予检查。',
      en: 'ten wrong two-factor codes were sent for your account within 15 minutes; further codes are refused unchecked for 15 minutes.',
    },
  ],
  after: [
    {
      zh: '如果这不是您本人，说明有人知道您的密码：请尽快修改密码，并告知实验室管理员。',
      en: 'If this was not you, someone knows your password: change it soon and tell the lab administrator.',
    },
  ],
};

export const publishedMail: MailTemplate = {
  subject: { zh: '{lab_zh}：“{title}”已按计划发布', en: '{lab_en}: "{title}" was published as scheduled' },
  paragraphs: [
    { zh: '{name_zh}您好：', en: 'Dear {name_en},' },
    { zh: '您的内容“{title}”（{kind_zh}）已在预定时间发布。', en: 'your item "{title}" ({kind_en}) was published at its scheduled time.' },
  ],
  link: { label: { zh: '打开网站后台', en: 'Open the console' }, url: '' },
  after: [
    {
      zh: '这封邮件由网站的“定时发布通知”设置发出，管理员可在站点信息中关闭。',
      en: 'This mail comes from the site setting "notify on scheduled publication"; an administrator can turn it off in the site settings.',
    },
  ],
};

/** A template with its link. */
export const withLink = (template: MailTemplate, url: string): MailTemplate => ({
  ...template,
  link: { label: template.link?.label ?? { zh: '打开', en: 'Open' }, url },
});

/** The lab's names, for the mails' words. */
export async function labNames(db: DB): Promise<{ lab_zh: string; lab_en: string }> {
  const row = await db.selectFrom('site_settings').select(['lab_name_zh', 'lab_name_en']).executeTakeFirst();
  return { lab_zh: row?.lab_name_zh ?? '', lab_en: row?.lab_name_en ?? '' };
}
