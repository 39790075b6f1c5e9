import type { Segment } from '../../common/search.ts';

/** Text with the parts a search matched in <mark> (the search page, the console's quick search): segments are text, never HTML. */
export function Marked({ segments }: { segments: readonly Segment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: a segment is its place in the text
        s.hit ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>,
      )}
    </>
  );
}
