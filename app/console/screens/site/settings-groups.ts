import type { site } from '../../../../common/resources/site.ts';
import type { TextKey } from '../../../i18n/index.tsx';

/** The settings form's fields, in groups (every declared field once). */
export const groups: {
  key: 'labName' | 'intro' | 'contact' | 'consoleTitles' | 'security' | 'campusLogin' | 'publications' | 'citations';
  fields: (keyof typeof site.fields)[];
  wide?: boolean;
  hint?: TextKey;
}[] = [
  { key: 'labName', fields: ['lab_name_zh', 'lab_name_en'] },
  { key: 'intro', fields: ['intro_zh', 'intro_en'], wide: true },
  { key: 'contact', fields: ['location_zh', 'location_en', 'email', 'filing_number', 'qr_image_url'], hint: 'consoleSite.filingHint' },
  { key: 'consoleTitles', fields: ['console_title_zh', 'console_title_en'] },
  // the venue rank badges and filter of the publication pages, citation counts from OpenAlex (the daily job); both off by default
  { key: 'publications', fields: ['venue_ranks', 'show_citations'], hint: 'consoleSite.publicationsHint' },
  // the styles the Cite box of a publication's page offers, and the lab's own uploaded (.csl)
  { key: 'citations', fields: ['cite_styles'], wide: true },
  { key: 'security', fields: ['require_admin_2fa'] },
  // university login: they matter once OIDC, CAS or LDAP is set up (docs/deploy.md)
  { key: 'campusLogin', fields: ['external_signup', 'external_signup_type', 'member_passwords'], hint: 'consoleSite.campusLoginHint' },
];

export const settingFields = groups.flatMap((g) => g.fields);
