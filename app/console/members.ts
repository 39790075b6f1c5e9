import { useQuery } from '@tanstack/react-query';
import type { PublicPersonLight } from '../../common/wire.ts';
import { useT } from '../i18n/index.tsx';
import { api } from './api.ts';

// The lab's members as the console's fields that refer to them choose them (an author's member, a people
// field's members): the light list of everyone, and a member's name as both fields show it.

/** Every member, from the light public list (one query, shared by the fields of a form). */
export function useMembers(): PublicPersonLight[] {
  const people = useQuery({ queryKey: ['people-light'], queryFn: () => api.get<PublicPersonLight[]>('/api/read_people/?onlylist=1') });
  return people.data ?? [];
}

/** A member's name as a choice shows it: both names, the reader's first, and "former" for one who left. */
export function useMemberName(): (p: PublicPersonLight) => string {
  const { t, lang } = useT();
  return (p) => {
    const names = lang === 'zh' ? `${p.name_zh} / ${p.name_en}` : `${p.name_en} / ${p.name_zh}`;
    return p.status ? names : `${names} (${t('authorMembers.former')})`;
  };
}
