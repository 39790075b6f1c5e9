import type { Lang } from './enums.ts';

// Every message the server sends back, in both languages. Keys travel inside zod issues
// and error objects; the text is chosen at the edge from the request's language.
export const messages = {
  required: { zh: '必填', en: 'required' },
  password_min: { zh: '密码至少需要 10 个字符', en: 'at least 10 characters' },
  password_common: {
    zh: '这是最常用（已泄露）的密码之一，很容易被猜到，请换一个',
    en: 'this is one of the most common (breached) passwords and easy to guess; choose another',
  },
  password_personal: { zh: '密码不能包含用户名或姓名', en: 'the password must not contain the username or the name' },
  password_mismatch: { zh: '两次密码输入需保持一致', en: 'the two passwords must match' },
  too_long: { zh: '最多 {max} 个字符', en: 'at most {max} characters' },
  invalid_string: { zh: '格式不正确', en: 'invalid value' },
  invalid_characters: { zh: '含有不允许的字符（空字符 NUL）', en: 'contains a character that is not allowed (NUL)' },
  invalid_number: { zh: '必须是整数', en: 'must be a whole number' },
  out_of_range: { zh: '超出允许范围（{min}–{max}）', en: 'out of range ({min}–{max})' },
  invalid_bool: { zh: '必须是 true 或 false', en: 'must be true or false' },
  invalid_date: { zh: '日期格式应为 YYYY-MM-DD', en: 'date must be YYYY-MM-DD' },
  invalid_time: { zh: '时间格式应为 HH:MM（24 小时制）', en: 'time must be HH:MM (24 h)' },
  invalid_instant: {
    zh: '时间应为带时区的 ISO 8601 格式，如 2026-12-01T09:00+08:00',
    en: 'a moment must be ISO 8601 with its time zone, e.g. 2026-12-01T09:00+08:00',
  },
  invalid_enum: { zh: '不是允许的选项：{options}', en: 'not one of: {options}' },
  enum_mismatch: { zh: '与 {field} 不一致', en: 'does not agree with {field}' },
  // asking a scholarly index (server/sync/upstream.ts); nothing is changed when it fails
  sync_timeout: {
    zh: '{source} 在 {seconds} 秒内没有应答，未做任何更改，请稍后再试',
    en: '{source} did not answer within {seconds} s; nothing was changed, try again later',
  },
  sync_rate_limited: {
    zh: '{source} 限制了请求频率（429），重试后仍被拒绝，未做任何更改，请稍后再试',
    en: '{source} is limiting requests (429) and still refused after retrying; nothing was changed, try again later',
  },
  sync_failed: {
    zh: '{source} 返回了错误（HTTP {status}），未做任何更改，请稍后再试',
    en: '{source} answered an error (HTTP {status}); nothing was changed, try again later',
  },
  sync_network: {
    zh: '无法连接 {source}（网络错误），未做任何更改，请稍后再试',
    en: 'could not reach {source} (a network error); nothing was changed, try again later',
  },
  sync_malformed: {
    zh: '{source} 的应答不是预期格式的 JSON，未做任何更改',
    en: '{source} answered JSON not of the expected shape; nothing was changed',
  },
  sync_no_ids: {
    zh: '该成员没有填写 ORCID iD、OpenAlex 作者标识或 dblp 作者标识',
    en: 'this member has no ORCID iD, OpenAlex author id or dblp person id',
  },
  // why a lab-wide search lists nothing for the reader (server/sync/proposals.ts `withReason`)
  sync_you_have_no_ids: {
    zh: '你的个人资料里还没有 ORCID iD、OpenAlex 作者标识或 dblp 作者标识，所以没有查找你的论文；在个人资料的“学术标识”中填写任意一个即可',
    en: 'your profile has no ORCID iD, OpenAlex author id or dblp person id, so your papers were not looked for; add any one of them under "Scholarly ids" in your profile',
  },
  sync_nobody_has_ids: {
    zh: '没有在组成员填写 ORCID iD、OpenAlex 作者标识或 dblp 作者标识，所以没有可查找的成员；成员可在个人资料中填写，管理员可在“成员”中填写',
    en: 'no in-group member has an ORCID iD, OpenAlex author id or dblp person id, so there was no one to look for; members add them in their profile, administrators in People',
  },
  // how the activity log names what an entry is about (server/services/activity.ts `recordNames`)
  activity_deleted: { zh: '#{id}（已删除）', en: '#{id} (deleted)' },
  activity_advisor_settings: { zh: '上报系统设置', en: 'Reporting-system settings' },
  activity_advisor_reports: { zh: '导入的上报记录', en: 'Imported reports' },
  activity_advisor_names: { zh: '名单：{list}', en: 'Name list: {list}' },
  activity_advisor_reminders: { zh: '{date} 的提醒', en: 'Reminders of {date}' },
  activity_trash_count: { zh: '{n} 条记录', en: '{n} records' },
  sync_run_lost: {
    zh: '查找中断了（运行它的服务器实例停止了响应），未做任何更改，请重新开始',
    en: 'the search stopped (the server instance running it stopped answering); nothing was changed, start it again',
  },
  sync_flag_retracted: { zh: 'OpenAlex 标记为已撤稿', en: 'retracted, says OpenAlex' },
  sync_flag_doi: { zh: '没有 DOI；OpenAlex 按标题和年份找到 {doi}', en: 'no DOI; OpenAlex matches {doi} by title and year' },
  sync_flag_link: { zh: '{link} 已连续一周返回 404', en: '{link} has answered 404 for a week' },
  doi_not_found: { zh: '在 Crossref 和 DataCite 都找不到这个 DOI', en: 'neither Crossref nor DataCite knows this DOI' },
  doi_lookup_failed: {
    zh: 'DOI 查询没有成功（超时或服务不可用），请稍后再试或手动填写',
    en: 'the DOI lookup did not succeed (timed out or unavailable); try again later or fill in by hand',
  },
  invalid_name_parts: {
    zh: '姓名结构应为 JSON 对象，如 {"family":"Berg","given":"Jan","particle":"van der"}',
    en: 'name parts are a JSON object, e.g. {"family":"Berg","given":"Jan","particle":"van der"}',
  },
  import_doi_bare: { zh: 'DOI 去掉了前缀：{doi}', en: 'DOI stored bare: {doi}' },
  import_year_as_written: { zh: '年份写作“{written}”，记为 {year}', en: 'Year written "{written}": stored as {year}' },
  import_keywords_split: { zh: '关键词拆分为 {count} 个', en: 'keywords split into {count}' },
  import_keywords_cut: { zh: '关键词超过 {max} 个，只保留前 {max} 个（共 {count} 个）', en: 'more than {max} keywords: the first {max} kept (of {count})' },
  import_keyword_long: { zh: '过长的关键词截断为 {max} 个字符', en: 'an over-long keyword cut to {max} characters' },
  import_markup_title: { zh: '去掉了标题中的 HTML 标记', en: 'HTML marks removed from the title' },
  import_markup_names: { zh: '去掉了作者姓名中的 HTML 标记', en: "HTML marks removed from the authors' names" },
  import_corresponding: { zh: '通讯作者标记（*）已去掉：{names}', en: 'corresponding-author marks (*) removed: {names}' },
  import_et_al: { zh: '“and others” 不是作者，记为“等”', en: '"and others" is not an author: kept as et al.' },
  import_homonym: { zh: '去掉了 dblp 的同名编号（{names}）', en: "dblp's homonym numbers removed ({names})" },
  import_result: {
    zh: '导入完成：新增 {created} 篇，更新 {updated} 篇，作为重复跳过 {skipped} 篇，拒绝 {refused} 篇',
    en: 'Imported: {created} added, {updated} updated, {skipped} skipped as duplicates, {refused} refused',
  },
  bibtex_too_many: {
    zh: '一次预览最多 {max} 个条目（这段文本有 {count} 个），请分成几个文件',
    en: 'a preview reads at most {max} entries (this text has {count}): split it into several files',
  },
  bibtex_too_slow: {
    zh: '读取这段文本超过了 {seconds} 秒，请分成几个较小的文件',
    en: 'reading this text took longer than {seconds} s: split it into smaller files',
  },
  import_gbt_not_understood: {
    zh: '没能读懂这条参考文献：请按 GB/T 7714 书写，如“[1] 张三, 李四. 题名[J]. 刊名, 2020, 12(3): 45-67.”，或改用 BibTeX、RIS 导入',
    en: 'this reference was not understood: write it as GB/T 7714 does, such as "[1] ZHANG S, LI S. Title[J]. Journal, 2020, 12(3): 45-67.", or import BibTeX or RIS',
  },
  import_xml_unreadable: {
    zh: '这个 XML 文件无法读取（第 {line} 行：{reason}）；请从 EndNote 重新导出为 XML，实体和 DTD 不被读取',
    en: 'this XML file cannot be read (line {line}: {reason}); export it from EndNote again as XML (entities and DTDs are not read)',
  },
  invalid_style_list: { zh: '应为以逗号分隔的引用格式编号，如 gb-t-7714-2015,apa', en: 'citation style ids, comma-separated, e.g. gb-t-7714-2015,apa' },
  csl_not_xml: { zh: '这不是格式正确的 XML 文件（{detail}）', en: 'this is not a well-formed XML file ({detail})' },
  csl_doctype: {
    zh: '样式文件不能包含 DOCTYPE 或实体声明（CSL 样式不需要它们，且它们可被用来读取服务器上的文件）',
    en: 'a style file may not contain a DOCTYPE or entity declarations (CSL styles need none, and they can be used to read files on the server)',
  },
  csl_not_style: {
    zh: '这不是 CSL 样式：根元素应为 CSL 命名空间（http://purl.org/net/xbiblio/csl）中的 <style>，且 version="1.0"',
    en: 'this is not a CSL style: its root must be <style> in the CSL namespace (http://purl.org/net/xbiblio/csl) with version="1.0"',
  },
  csl_no_info: { zh: 'CSL 样式缺少 <info> 中的 <title> 或 <id>', en: 'the CSL style has no <title> or <id> in its <info>' },
  csl_no_bibliography: {
    zh: 'CSL 样式没有 <bibliography>（参考文献表），无法用于“引用”框和报告',
    en: 'the CSL style has no <bibliography>: it cannot write reference lists',
  },
  csl_taken: {
    zh: '已有编号为 {id} 的引用格式，请先删除它或修改样式的 <id>',
    en: 'a citation style with the id {id} exists: delete it first or change the style’s <id>',
  },
  csl_too_slow: {
    zh: '用这个样式生成参考文献超过了 {seconds} 秒，已停止（样式可能有无限递归的宏）',
    en: 'writing a reference with this style took longer than {seconds} s and was stopped (the style may have macros that never end)',
  },
  csl_busy: {
    zh: '引用格式 {style} 暂时不可用（正在准备），请稍后再试',
    en: 'the citation style {style} is not available just now (it is being prepared): try again shortly',
  },
  csl_failed: { zh: 'CSL 处理器无法使用这个样式：{detail}', en: 'the CSL processor cannot use this style: {detail}' },
  csl_unknown_style: { zh: '没有编号为 {id} 的引用格式', en: 'there is no citation style with the id {id}' },
  invalid_doi: { zh: 'DOI 应形如 10.1234/abc（不含 https://doi.org/）', en: 'a DOI looks like 10.1234/abc (without https://doi.org/)' },
  invalid_orcid: {
    zh: 'ORCID iD 应形如 0000-0002-1825-0097，且最后一位校验码须正确（ISO 7064 11,2）',
    en: 'an ORCID iD looks like 0000-0002-1825-0097, its last character a correct checksum (ISO 7064 11,2)',
  },
  invalid_dblp_pid: {
    zh: 'dblp 作者标识应形如 74/5442（https://dblp.org/pid/ 之后的部分）',
    en: 'a dblp person id looks like 74/5442 (what follows https://dblp.org/pid/)',
  },
  invalid_openalex_author: { zh: 'OpenAlex 作者标识应形如 A5023888391', en: 'an OpenAlex author id looks like A5023888391' },
  invalid_member_link: {
    zh: '每位作者对应一项：成员编号、none（不是成员）或 auto（按姓名匹配）',
    en: "one entry per author: a member's id, none (not a member) or auto (matched by name)",
  },
  author_members_mismatch: { zh: '作者对应成员的项数须与作者人数相同', en: 'needs exactly one entry per author' },
  unknown_member: { zh: '没有编号为 {pid} 的成员', en: 'there is no member with id {pid}' },
  invalid_person_ref: {
    zh: '每项是一位成员（pid:编号 或 @用户名）或一位外部人员的姓名',
    en: 'each entry is a member (pid:id or @username) or the name of someone outside the lab',
  },
  unknown_username: { zh: '没有用户名为 {username} 的成员', en: 'there is no member with username {username}' },
  granted_before_filed: { zh: '授权（登记）日期不能早于申请日期', en: 'the grant (registration) date cannot be before the filing date' },
  granted_without_date: { zh: '已授权（登记）的须填写授权（登记）日期', en: 'a granted (registered) one needs its grant (registration) date' },
  ends_before_start: { zh: '结束年份不能早于起始年份', en: 'the end year cannot be before the start year' },
  unknown_record: { zh: '没有编号为 {id} 的记录', en: 'there is no record with id {id}' },
  invalid_record_id: { zh: '每一项须是一条记录的编号（正整数）', en: 'each item must be the id of a record (a positive whole number)' },
  invalid_url: { zh: '链接必须以 http://、https:// 或 / 开头', en: 'a link must start with http://, https:// or /' },
  invalid_email: { zh: '邮箱格式不正确', en: 'invalid e-mail address' },
  invalid_list: { zh: '必须是字符串的 JSON 数组', en: 'must be a JSON array of strings' },
  invalid_username: {
    zh: '只能包含字母、数字、点、下划线和连字符（2–40 位）',
    en: 'letters, digits, dots, underscores and hyphens only (2–40)',
  },
  reserved_username: { zh: '该用户名被系统保留', en: 'this username is reserved' },
  invalid_occupy: { zh: '必须是 [星期 1–7, 节次 1–15] 的列表', en: 'must be a list of [day 1–7, period 1–15]' },
  invalid_term: { zh: '学期格式应为 2025-2026-1', en: 'term must look like 2025-2026-1' },
  unexpected_file: { zh: '此处不接受文件', en: 'a file is not accepted here' },
  file_expected: { zh: '请上传文件', en: 'a file is expected' },
  unknown_field: { zh: '未知字段', en: 'unknown field' },
  taken_username: { zh: '用户名已被使用', en: 'this username is taken' },
  taken_uid: { zh: '学号/工号已被使用', en: 'this ID is taken' },
  taken_slug: { zh: '该短链接已被使用', en: 'this slug is taken' },
  invalid_slug: {
    zh: '只能包含字母、数字和连字符，以字母或数字开头（最多 80 位）',
    en: 'letters, digits and hyphens only, starting with a letter or digit (at most 80)',
  },
  image_type: { zh: '图片只接受 png、jpeg、bmp 格式', en: 'images must be png, jpeg or bmp' },
  image_too_small: { zh: '图片至少需要 {width}×{height} 像素', en: 'the image must be at least {width}×{height} pixels' },
  image_too_large: { zh: '图片尺寸过大', en: 'the image has too many pixels' },
  file_too_large: { zh: '文件过大（上限 {limit}）', en: 'file too large (limit {limit})' },
  bad_file_name: { zh: '文件名无效', en: 'invalid file name' },
  not_found: { zh: '未找到', en: 'not found' },
  duplicate_id: { zh: '同一条目出现了不止一次', en: 'an entry is named more than once' },
  unknown_ids: { zh: '这些条目不存在（可能已被删除，请刷新）：{ids}', en: 'no such entries (deleted meanwhile? reload): {ids}' },
  order_list: { zh: '顺序应为条目编号的列表，如 [3, 1, 2]', en: 'an order is a list of entry ids, e.g. [3, 1, 2]' },
  unauthenticated: { zh: '请先登录', en: 'authentication required' },
  session_expired: { zh: '登录已过期，请重新登录', en: 'session expired, please log in again' },
  forbidden: { zh: '没有权限', en: 'permission denied' },
  csrf: { zh: 'CSRF 校验失败，请刷新页面后重试', en: 'CSRF check failed; reload the page and try again' },
  rate_limited: { zh: '尝试次数过多，请稍后再试', en: 'too many attempts, try again later' },
  bad_request: { zh: '请求格式不正确', en: 'malformed request' },
  unsupported_media: { zh: '不支持的内容类型', en: 'unsupported content type' },
  server_error: { zh: '服务器出错了，请稍后再试', en: 'something went wrong on the server, try again later' },
  not_multipart: { zh: '请求须为 multipart/form-data', en: 'the request must be multipart/form-data' },
  // request bodies refused before they are read (server/http/multipart.ts, server/http/json.ts)
  multipart_not_accepted: { zh: '此请求不接受 multipart/form-data，请用 JSON', en: 'this call takes no multipart/form-data body; send JSON' },
  too_deep: { zh: '嵌套层级过深（最多 {max} 层）', en: 'nested too deeply (at most {max} levels)' },
  uploads_busy: { zh: '同时上传的请求过多，请稍后再试', en: 'too many uploads at once, try again in a moment' },
  storage_full: { zh: '服务器存储空间不足，未保存任何内容', en: 'the server is short of storage space; nothing was saved' },
  storage_unavailable: { zh: '文件存储暂时无法访问，请稍后再试', en: 'the file storage cannot be reached right now; try again later' },
  info_list: { zh: '信息页列表格式不正确', en: 'the info page list is malformed' },
  // the advisor area's calls (server/api/advisor.ts)
  invalid_cookie: { zh: 'Cookie 须为一行可见的 ASCII 字符', en: 'the cookie must be one line of printable ASCII' },
  invalid_move: { zh: '格式应为 {"date":"YYYY-MM-DD","count":人数}', en: 'must be {"date":"YYYY-MM-DD","count":number}' },
  invalid_remind: { zh: '须为 [{"xgh":学号,"realname":姓名}] 列表（1–500 人）', en: 'must be a list [{"xgh":ID,"realname":name}] of 1–500 people' },
  invalid_mount: { zh: 'mount 只能是 1、2 或 3', en: 'mount must be 1, 2 or 3' },
  invalid_remind_flag: { zh: 'remind 只能是 0（保存参数）或 1（记录提醒）', en: 'remind must be 0 (save parameters) or 1 (record reminders)' },
  too_many_names: { zh: '名单最多 {max} 人', en: 'a list holds at most {max} names' },
  name_too_long: { zh: '姓名“{name}”超过 {max} 个字符', en: 'the name "{name}" is longer than {max} characters' },
  names_no_column: {
    zh: '找不到姓名列：文件中没有“姓名”（或“名字”“Name”）表头，也没有一列看起来像姓名的文字（数字列不会被当作姓名）',
    en: 'no name column found: the file has no 姓名 / Name header and no column of text that looks like names (a column of numbers is never taken)',
  },
  names_many_columns: {
    zh: '无法确定哪一列是姓名：请在姓名列上方加上表头“姓名”后再导入',
    en: 'more than one column could hold the names: head the name column “姓名” or “Name” and import again',
  },
  names_numbers_only: { zh: '“姓名”列（{col} 列）中只有数字，不是姓名', en: 'the name column ({col}) holds only numbers, not names' },
  names_stale: {
    zh: '名单在预览之后已被修改（可能在另一个窗口）：未保存任何内容，请重新预览并核对后再确认',
    en: 'the list has changed since this preview (perhaps in another window): nothing was saved; preview again, check it and confirm',
  },
  invalid_origin: { zh: 'origin 只能是 paste 或 import', en: 'origin must be paste or import' },
  names_or_file: { zh: '请粘贴名单或上传 CSV 文件（二选一）', en: 'paste the names or upload a CSV file (one of the two)' },
  last_admin: { zh: '不能移除最后一位管理员', en: 'the last administrator cannot be removed' },
  password_change_required: {
    zh: '请先设置新密码：首次登录或密码被重置后，必须修改初始密码才能进行其他操作',
    en: 'set a new password first: after the first login or a reset, the initial password must be changed before anything else',
  },
  password_same: { zh: '新密码不能与初始密码相同', en: 'the new password must differ from the initial one' },
  two_factor_code_wrong: {
    zh: '验证码不正确或已使用过，请输入验证器中的新验证码',
    en: 'the code is wrong or was already used; enter a new code from your authenticator',
  },
  two_factor_challenge: {
    zh: '登录已超时或尝试次数过多，请重新输入用户名和密码',
    en: 'the login timed out or had too many tries; enter your username and password again',
  },
  two_factor_required: {
    zh: '管理员必须先启用两步验证：请在个人资料中完成设置',
    en: 'administrators must turn on two-factor login first: finish it in your profile',
  },
  // university login (server/services/external-login.ts)
  external_unknown: {
    zh: '本站没有与你的校园账号对应的成员，请联系管理员添加',
    en: 'no member of this site matches your campus account; ask an administrator to add you',
  },
  external_admin: {
    zh: '管理员账号不能凭校园账号的信息自动对应登录，请使用本站密码登录（或先在个人资料中绑定自己的校园账号）',
    en: "an administrator's account is not opened by matching a campus account; log in with this site's password (or first link your own campus account in your profile)",
  },
  // a campus identity recorded at the first login (server/services/external-links.ts)
  external_linked_elsewhere: {
    zh: '与之对应的本站账号已绑定另一个校园账号，请用那个校园账号登录，或请管理员处理',
    en: 'the member account it matches is tied to another campus account; log in with that one, or ask an administrator',
  },
  external_link_taken: {
    zh: '这个校园账号已与本站另一位成员绑定',
    en: 'this campus account is already linked to another member of this site',
  },
  external_link_needs_password: {
    zh: '请输入本站当前密码后再绑定校园账号',
    en: 'enter your current password of this site to link a campus account',
  },
  external_link_wrong: {
    zh: '校园目录不接受这个用户名和密码',
    en: 'the campus directory did not accept this username and password',
  },
  external_unverified: {
    zh: '校园账号的邮箱未经验证，不能用来对应成员，请联系管理员',
    en: 'the campus account’s e-mail address is not verified, so it cannot identify a member; ask an administrator',
  },
  external_ambiguous: {
    zh: '有多个成员与你的校园账号对应，请联系管理员',
    en: 'more than one member matches your campus account; ask an administrator',
  },
  external_missing_claim: {
    zh: '校园账号没有提供用于对应成员的信息（{claim}），请联系管理员',
    en: 'the campus account did not give what identifies a member ({claim}); ask an administrator',
  },
  external_signup_failed: {
    zh: '无法为你的校园账号自动创建成员账号（用户名无效或已被占用），请联系管理员',
    en: 'no member account could be created for your campus account (its username is not valid or taken); ask an administrator',
  },
  external_failed: {
    zh: '校园账号登录没有成功（链接已用过、已过期或无效），请重新登录',
    en: 'the login with the campus account did not succeed (the link was used, expired or not valid); log in again',
  },
  external_unavailable: {
    zh: '暂时无法连接校园登录服务，请稍后再试',
    en: 'the campus login service cannot be reached; try again later',
  },
  ldap_unavailable: {
    zh: '校园目录（LDAP）没有应答，请稍后再试；如果一直如此，请联系管理员',
    en: 'the campus directory (LDAP) is not answering; try again later, or ask the administrator if it goes on',
  },
  external_misconfigured: {
    zh: '校园账号登录暂时不可用：本站与校园登录服务之间的设置有误，请联系管理员',
    en: 'the campus login is not available: the settings between this site and the campus login service are wrong; contact the administrator',
  },
  external_other_browser: {
    zh: '这次校园登录不是在本浏览器中开始的，或已超时：请在这里重新点击校园登录',
    en: 'this campus login was not started in this browser, or it timed out: start it again here',
  },
  external_off: { zh: '本站没有配置这种校园登录方式', en: 'this kind of campus login is not set up on this site' },
  local_login_off: {
    zh: '本站成员请使用校园账号登录（本站密码仅供管理员使用）',
    en: 'members log in with their campus account (passwords of this site are for administrators only)',
  },
  two_factor_not_pending: { zh: '请先开始设置两步验证', en: 'start setting up two-factor login first' },
  two_factor_already: { zh: '已启用两步验证', en: 'two-factor login is already on' },
  two_factor_self_reset: { zh: '请在个人资料中关闭自己的两步验证', en: 'turn your own two-factor login off in your profile' },
  two_factor_not_enrolled: { zh: '该成员没有开启两步验证', en: 'this member has no two-factor login' },
  old_password_wrong: { zh: '当前密码不正确', en: 'the current password is incorrect' },
  request_incomplete: {
    zh: '请求超时：请求没有在时限内发送完毕，请重试',
    en: 'the request timed out: it did not arrive in time; try again',
  },
  request_headers_too_large: { zh: '请求头过大', en: 'the request headers are too large' },
  request_malformed: { zh: '请求格式不正确', en: 'the request is malformed' },
  request_timeout: {
    zh: '请求超时：请求内容没有在时限内发送完毕，请重试',
    en: 'the request timed out: its body did not arrive in time; try again',
  },
  two_factor_needs_password: {
    zh: '请输入当前密码后再设置两步验证',
    en: 'enter your current password to set up two-factor login',
  },
  email_needs_password: {
    zh: '更改邮箱需要输入当前密码',
    en: 'changing the e-mail address needs the current password',
  },
  self_delete: { zh: '不能删除自己的账号', en: 'you cannot delete your own account' },
  self_invite: { zh: '不能给自己发邀请链接（会让自己无法登录）', en: 'you cannot invite yourself (it would lock you out)' },
  invitation_unknown: { zh: '邀请链接无效，请向实验室管理员索取新的链接', en: 'this invitation link is not valid; ask the lab administrator for a new one' },
  invitation_used: {
    zh: '该邀请链接已被使用，请直接登录，或向实验室管理员索取新的链接',
    en: 'this invitation link has already been used; log in, or ask the lab administrator for a new one',
  },
  invitation_expired: {
    zh: '该邀请链接已过期（有效期 7 天），请向实验室管理员索取新的链接',
    en: 'this invitation link has expired (it is valid for 7 days); ask the lab administrator for a new one',
  },
  // e-mail: server/mail/, services/password-reset.ts
  mail_not_configured: {
    zh: '本站尚未配置邮件发送：管理员需在服务器上设置 SMTP_URL 和 MAIL_FROM（见 docs/deploy.md）；在此之前请复制链接发送，或联系实验室管理员',
    en: 'e-mail is not set up on this server: the administrator must set SMTP_URL and MAIL_FROM (see docs/deploy.md); until then copy the link, or ask the lab administrator',
  },
  // what a visitor is told where a link would be mailed: the server's set-up is the administrator's business
  reset_mail_off: {
    zh: '本站暂时不能通过邮件重设密码。请联系实验室管理员，由管理员为你生成一个设置新密码的链接。',
    en: 'this site cannot send password reset e-mails at the moment. Ask the lab administrator for a link to set a new password.',
  },
  mail_failed: {
    zh: '邮件没有发出：邮件服务器拒绝或没有及时应答，请稍后再试（未做任何更改）',
    en: 'the mail was not sent: the mail server refused it or did not answer in time; try again later (nothing was changed)',
  },
  no_email: {
    zh: '该成员没有填写邮箱，请先在成员资料中填写，或复制链接发送',
    en: 'this member has no e-mail address: add one to their profile, or copy the link',
  },
  reset_requested: {
    zh: '如果该用户名或邮箱对应一个账号，我们已向其邮箱发送了重设密码的链接（1 小时内有效）。请查收邮件，也请检查垃圾邮件文件夹。',
    en: 'If this username or e-mail address belongs to an account, a link to reset its password has been sent to its e-mail address (valid for 1 hour). Check your inbox, and your spam folder.',
  },
  reset_unknown: { zh: '重设密码链接无效，请重新申请', en: 'this password reset link is not valid; ask for a new one' },
  reset_used: { zh: '该重设密码链接已被使用，请直接登录，或重新申请', en: 'this password reset link has already been used; log in, or ask for a new one' },
  reset_expired: {
    zh: '该重设密码链接已过期（有效期 1 小时），请重新申请',
    en: 'this password reset link has expired (it is valid for 1 hour); ask for a new one',
  },
  reset_done: {
    zh: '密码已重设，所有已登录的会话均已退出，请用新密码登录',
    en: 'your password is set; every session was logged out: log in with the new password',
  },
  // the advisor's import of the reporting system's export (server/pingan/import-file.ts)
  import_type: {
    zh: '只能导入 CSV（UTF-8 或 GBK）或 XLSX 文件；旧版 .xls 请先另存为 .xlsx',
    en: 'only CSV (UTF-8 or GBK) or XLSX files can be imported; save a legacy .xls as .xlsx first',
  },
  import_too_large: { zh: 'XLSX 文件解压后超过 {max}', en: 'the XLSX file unpacks to more than {max}' },
  import_unreadable: { zh: '无法读取该 XLSX 文件', en: 'the XLSX file could not be read' },
  import_sheet_range: {
    zh: 'XLSX 工作表声明的范围超出导入上限：最多 {rows} 行、{cols} 列，合并单元格与数据验证合计最多 {cells} 个单元格',
    en: 'the XLSX sheet declares ranges beyond what an import reads: at most {rows} rows and {cols} columns, and {cells} cells in merged ranges and data validations together',
  },
  import_header: { zh: '第 1 行 {col} 列的表头应为“{zh}”或“{en}”', en: 'Row 1, column {col} must be headed "{zh}" or "{en}"' },
  import_empty: { zh: '文件中没有数据行', en: 'the file has no data rows' },
  import_too_many: { zh: '数据行过多（最多 {max} 行）', en: 'too many data rows (at most {max})' },
  import_required: { zh: '第 {row} 行 {col} 列（{zh}）：不能为空', en: 'Row {row}, column {col} ({en}): must not be empty' },
  import_date: { zh: '第 {row} 行 {col} 列（{zh}）：应为日期 YYYY-MM-DD', en: 'Row {row}, column {col} ({en}): must be a date YYYY-MM-DD' },
  import_bool: {
    zh: '第 {row} 行 {col} 列（{zh}）：应为 是/否（或 yes/no、true/false、1/0）',
    en: 'Row {row}, column {col} ({en}): must be 是/否, yes/no, true/false or 1/0',
  },
  import_uptime: {
    zh: '第 {row} 行 {col} 列（{zh}）：应为时间 YYYY-MM-DD HH:mm',
    en: 'Row {row}, column {col} ({en}): must be a time YYYY-MM-DD HH:mm',
  },
  import_doses: { zh: '第 {row} 行 {col} 列（{zh}）：应为 0–3 的整数', en: 'Row {row}, column {col} ({en}): must be a whole number 0–3' },
  import_too_long: { zh: '第 {row} 行 {col} 列（{zh}）：最多 {max} 个字符', en: 'Row {row}, column {col} ({en}): at most {max} characters' },
  import_duplicate: {
    zh: '第 {row} 行 {col} 列（{zh}）：{date} 的学号 {xgh} 已在第 {first} 行出现',
    en: 'Row {row}, column {col} ({en}): {xgh} already appears for {date} on row {first}',
  },
} as const satisfies Record<string, { zh: string; en: string }>;

export type MessageKey = keyof typeof messages;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messages, key);
}

export function t(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  return messages[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

/**
 * A message standing alone (an answer's `detail`): a sentence, its first letter a capital. The messages
 * themselves start in lower case, because a field's message follows its label ("Year: required").
 */
export function detailText(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  return t(lang, key, params).replace(/^\p{Ll}/u, (c) => c.toUpperCase());
}

/** Field errors as the wire carries them: field → list of messages. */
export type FieldErrors = Record<string, string[]>;

// Zod issues of our schemas carry message keys; these turn them into text in one language. The server
// answers with them and the console shows the same words before it ever sends a form.
export type ZodishIssue = { code?: string; message?: string; maximum?: unknown; minimum?: unknown; params?: Record<string, unknown> };

/** Turns one zod issue into a message in `lang`; our schemas carry message keys. */
function issueMessage(lang: Lang, issue: ZodishIssue): string {
  const key = issue.message ?? '';
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(issue.params ?? {})) if (typeof v === 'string' || typeof v === 'number') params[k] = v;
  if (typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint') params.max = Number(issue.maximum);
  if (typeof issue.minimum === 'number' || typeof issue.minimum === 'bigint') params.min = Number(issue.minimum);
  if (isMessageKey(key)) return t(lang, key, params);
  if (issue.code === 'invalid_type') return t(lang, 'invalid_string');
  if (issue.code === 'too_big') return t(lang, 'too_long', params);
  return t(lang, 'invalid_string');
}

/** Field errors from zod issues (path → field name; the top level is "non_field_errors"). */
export function zodFieldErrors(lang: Lang, issues: readonly (ZodishIssue & { path?: readonly PropertyKey[] })[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path && issue.path.length > 0 ? String(issue.path[0]) : 'non_field_errors';
    const text = issueMessage(lang, issue);
    const list = out[field] ?? [];
    if (!list.includes(text)) list.push(text);
    out[field] = list;
  }
  return out;
}
