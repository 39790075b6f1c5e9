import type { MetaDescriptor } from 'react-router';
import type { Lang } from '../../common/enums.ts';
import { pick } from '../../common/lang.ts';
import { paths } from '../../common/paths.ts';
import { scholarProfiles } from '../../common/scholar-ids.ts';
import type { PublicPerson, PublicSeminar, SiteSettings } from '../../common/wire.ts';

/** What the lab's Organization says of it. */
export type LabCard = Pick<SiteSettings, 'lab_name_zh' | 'lab_name_en' | 'email' | 'location_zh' | 'location_en'>;

// schema.org JSON-LD for the pages search engines read beyond publications: the lab
// as an Organization on the home page, a member as a Person on their page, a seminar as an Event.
// (A publication's ScholarlyArticle is in scholar.ts.)

const absolute = (origin: string, url: string | null | undefined) => (url ? (/^https?:\/\//.test(url) ? url : `${origin}${url}`) : undefined);

function organization(site: LabCard, origin: string, lang: Lang) {
  return {
    '@type': 'ResearchOrganization',
    name: pick(site.lab_name_zh, site.lab_name_en, lang),
    alternateName: lang === 'zh' ? site.lab_name_en : site.lab_name_zh,
    url: `${origin}/`,
    ...(site.email ? { email: site.email } : {}),
    ...(pick(site.location_zh, site.location_en, lang) ? { address: pick(site.location_zh, site.location_en, lang) } : {}),
  };
}

export function organizationLd(site: LabCard, origin: string, lang: Lang): MetaDescriptor {
  return { 'script:ld+json': { '@context': 'https://schema.org', ...organization(site, origin, lang) } };
}

type PersonOnPage = Omit<PublicPerson, 'link1' | 'link2'>;

function alumni(p: PersonOnPage, lab: LabCard, origin: string, lang: Lang) {
  const nowAt = pick(p.now_at_zh ?? '', p.now_at_en ?? '', lang);
  return { alumniOf: organization(lab, origin, lang), ...(nowAt ? { worksFor: { '@type': 'Organization', name: nowAt } } : {}) };
}

/**
 * `more`: text properties from the declared records naming them (their awards' titles under
 * `award`, a resource's `public.personProperty`).
 */
export function personLd(p: PersonOnPage, origin: string, lab: LabCard, lang: Lang, more: Readonly<Record<string, readonly string[]>> = {}): MetaDescriptor {
  // their pages elsewhere: the existing page link, where it is one, and their profiles at the scholarly indexes
  const sameAs = [p.link3, ...scholarProfiles(p).map((s) => s.url)].filter((u) => /^https?:\/\//.test(u));
  return {
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: pick(p.name_zh, p.name_en, lang),
      alternateName: lang === 'zh' ? p.name_en : p.name_zh,
      url: `${origin}${paths.person(p.username)}`,
      ...(p.portrait_url ? { image: absolute(origin, p.portrait_url) } : {}),
      ...(p.email ? { email: p.email } : {}),
      ...(sameAs.length > 0 ? { sameAs } : {}),
      // a former member is the lab's alumnus, no longer of it; where they are now, if known, is their employer
      ...(p.status === false ? alumni(p, lab, origin, lang) : { affiliation: organization(lab, origin, lang) }),
      ...Object.fromEntries(Object.entries(more).filter(([, v]) => v.length > 0)),
    },
  };
}

/** A seminar: its times are Beijing time (SPEC §2), its place the meeting or its live stream. */
export function seminarLd(s: PublicSeminar, origin: string, lab: LabCard, lang: Lang): MetaDescriptor {
  const at = (time: string) => `${s.date}T${time}:00+08:00`;
  const speaker = pick(s.speaker_zh, s.speaker_en, lang);
  return {
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: pick(s.title_zh, s.title_en, lang),
      startDate: at(s.start),
      endDate: at(s.end),
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: s.live_link ? { '@type': 'VirtualLocation', url: s.live_link } : { '@type': 'VirtualLocation', name: `${s.room_type_str} ${s.room_id}`.trim() },
      ...(pick(s.abstract_zh, s.abstract_en, lang) ? { description: pick(s.abstract_zh, s.abstract_en, lang).slice(0, 500) } : {}),
      ...(speaker ? { performer: { '@type': 'Person', name: speaker } } : {}),
      ...(s.image_url ? { image: absolute(origin, s.image_url) } : {}),
      organizer: organization(lab, origin, lang),
    },
  };
}
