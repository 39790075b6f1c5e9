import { isResultKind } from '../../../common/search.ts';
import type { PageScope } from './shared.ts';

/** The search page. */
export function searchData({ lab, lang, params }: PageScope) {
  return {
    /** One page of results for ?q= (of ?kind=), never cached (plugin.ts). */
    async search() {
      const { q, kind, page } = params;
      return lab.search.search({ q: q ?? '', kind: isResultKind(lab.resultKinds, kind) ? kind : null, page: Number(page || 1), lang });
    },
  };
}
