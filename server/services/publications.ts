import { sql } from 'kysely';
import { recordFileUrl } from '../../common/kinds/index.ts';
import { publication } from '../../common/resources/publication.ts';
import { recordFile } from './record-files.ts';
import { type Ctx, isCreatorOrAdmin } from './context.ts';
import { createCrud } from './crud.ts';
import { tables } from '../db/schema.ts';
import { asWire } from './wire.ts';
import { authorKey, BY_NAME, indexMembers, linkOf, NOT_A_MEMBER } from '../../common/authors.ts';
import { peopleLightList } from './people.ts';
import type { PublicPublication } from '../../common/wire.ts';
import { FieldError } from '../errors.ts';
import { unknownMember } from '../../common/person-refs.ts';
import { containing } from './person-refs.ts';
import { shownRanks } from './venue-rank.ts';
import { rankSystems, rankText } from '../../common/venue-ranks.ts';

// Publications: the generic service with the rules of SPEC §4 (the creator, which member each author is). Its
// three files are file fields like any resource's (server/kinds/uploads.ts: a file replaces the present one, the
// present name keeps it, empty frees it, absent keeps it), public at /resource/public/publication/{pid}/{file},
// where {file} is the sanitized original name.

/**
 * The columns of a publication list item: all but the abstract, which the list never shows. At 10k the
 * abstracts are most of the bytes read; reading them only to drop them made the first list answer's heap
 * peak.
 */
export const publicationItemColumns = Object.keys(tables.publication).filter((c) => c !== 'abstract' && c !== 'venue_key');

/**
 * A publication without what only its editors see: the correction of its venue rank
 * match and the ranks of every list (the public sees the ranks of the systems the site shows, on its pages).
 */
export function withoutEditorFields<T extends Record<string, unknown>>(row: T): Omit<T, 'venue_key' | 'venue_rank'> {
  const { venue_key: _, venue_rank: __, ...rest } = row;
  return rest;
}

export const publications = createCrud(publication, {
  hidden: ['created_by'],
  publicTopic: 'publication',
  decorate(w) {
    return { ...w, venue_rank: shownRanks(w, rankSystems).map(rankText).join(' · ') };
  },
  async prepare({ ctx, mode, values }) {
    if (mode === 'create') values.created_by = ctx.actor?.pid ?? null;
    // an edited book sends editors and no authors: its author list is empty, not missing (the column has no default)
    if (mode === 'create' && values.author === undefined) values.author = '[]';
  },
  async beforeWrite({ ctx, input, values, current }) {
    if (!('author' in input) && !('author_members' in input)) return;
    const authors = Array.isArray(input.author) ? (input.author as string[]) : listOf(current?.author);
    // an empty list chooses nothing (an old client clearing the field): the choices the record had stay, the rest by name
    const given = Array.isArray(input.author_members) && input.author_members.length > 0 ? (input.author_members as string[]) : undefined;
    values.author_members = JSON.stringify(
      await linkAuthors(ctx, authors, given, current && { author: listOf(current.author), author_members: listOf(current.author_members) }),
    );
  },
  canDelete: isCreatorOrAdmin,
});

const listOf = (json: string | undefined): string[] => {
  try {
    const v: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};

/**
 * Which member each author is (common/authors.ts), as a write stores it: the editor's choices when sent
 * (one per author, each a member the public lists), else the choice the record had for that name, else
 * `auto`; then each `auto` that names exactly one member becomes that member's id, so a rename keeps it.
 */
async function linkAuthors(
  ctx: Ctx,
  authors: readonly string[],
  given: readonly string[] | undefined,
  current: { author: string[]; author_members: string[] } | undefined,
) {
  const people = indexMembers(await peopleLightList(ctx));
  let links: string[];
  if (given) {
    if (given.length !== authors.length) throw FieldError.one('author_members', 'author_members_mismatch');
    // a member no longer listed may stay where the record already had them (an unchanged list is sent back whole)
    const unknown = unknownMember(
      given.filter((l) => l !== BY_NAME && l !== NOT_A_MEMBER),
      people.byPid,
      current?.author_members,
    );
    if (unknown) throw FieldError.one('author_members', 'unknown_member', { pid: unknown });
    links = [...given];
  } else {
    const before = new Map<string, string>();
    if (current) for (const [i, name] of current.author.entries()) before.set(authorKey(name), linkOf(current, i));
    links = authors.map((name) => before.get(authorKey(name)) ?? BY_NAME);
  }
  return links.map((link, i) => (link === BY_NAME ? String(people.byName.get(authorKey(authors[i] ?? ''))?.pid ?? BY_NAME) : link));
}

/**
 * The address of the paper's own file (the first slot) when its bytes are a PDF's (`%PDF-`), else '':
 * Scholar's citation_pdf_url must lead to a PDF, and a name's extension proves nothing.
 */
export async function publicationPdfUrl(ctx: Ctx, p: { pid: number; file1: string }): Promise<string> {
  const found = p.file1 ? await recordFile(ctx, publications, p.pid, p.file1) : undefined;
  if (!found) return '';
  try {
    // the first five bytes only (a range of the file, on disk or in the bucket)
    const head = await ctx.storage.open(found.bucket, found.key, { start: 0, end: 4 });
    if (!head) return '';
    const chunks: Buffer[] = [];
    for await (const chunk of head.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).subarray(0, 5).toString('latin1') === '%PDF-' ? recordFileUrl('publication', p.pid, p.file1) : '';
  } catch {
    return '';
  }
}

/**
 * A member's publications, newest first: those that link an author to them, and those that
 * leave an author of their name to be matched (`auto`). The stored lists are JSON text: the database
 * narrows by the quoted id or every word of a name, case ignored on both databases, and the lists decide.
 */
export async function publicationsBy(ctx: Ctx, member: { pid: number; name_en: string; name_zh: string }): Promise<PublicPublication[]> {
  const names = new Set([member.name_en, member.name_zh].map(authorKey).filter(Boolean));
  // a word as text, never a pattern (as a people field is searched, services/person-refs.ts)
  const found = await publications.list(ctx, {
    where: (q) =>
      q.where((eb) =>
        eb.or([
          eb('author_members', 'like', containing(`"${member.pid}"`)),
          ...[...names].map((n) => eb.and(n.split(' ').map((word) => eb(sql`lower(author)`, 'like', containing(word))))),
        ]),
      ),
  });
  const pid = String(member.pid);
  return asWire<PublicPublication[]>(found).filter((p) =>
    p.author.some((name, i) => {
      const link = linkOf(p, i);
      return link === pid || (link === BY_NAME && names.has(authorKey(name)));
    }),
  );
}
