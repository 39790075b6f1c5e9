import { Forbidden } from '../../errors.ts';
import { isPreviewKind, previewRecord } from '../../services/content.ts';
import { renderMarkdown } from '../markdown.ts';
import { orNull, type PageScope } from './shared.ts';

/** The preview pages a member opens from the console (server/pages/preview.ts lets them through). */
export function previewData({ req, ctx }: PageScope) {
  return {
    /**
     * A record's preview: as its public page would show it, a draft or with `edits` (the console's unsaved
     * fields) on top; null unless the preview gate let a member through for this request
     * (server/pages/preview.ts), for a kind or record there is none of, or a kind the member may not edit.
     * A preview reads no cached data and is never cached, so it notes no topic.
     */
    async preview(kind: string, id: string, edits?: Record<string, unknown>) {
      const actor = req.previewer;
      if (!actor || !isPreviewKind(kind) || !/^(?:new|\d{1,10})$/.test(id) || (id === 'new' && !edits)) return null;
      const p = await orNull(previewRecord({ ...ctx, actor }, kind, id === 'new' ? null : Number(id), edits)).catch((e: unknown) => {
        if (e instanceof Forbidden) return null;
        throw e;
      });
      if (p?.kind !== 'article') return p;
      const { markdown, ...article } = p.article;
      return { ...p, article, ...(await renderMarkdown(markdown)) };
    },
  };
}
