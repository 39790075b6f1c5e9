// Author lists and the lab's members in them (issue #14). Kept apart from common/wire.ts, which builds zod
// schemas: the public pages import this, and they load no zod (the script policy forbids its eval probe).

/** The lab's members among a list's authors, by `authorKey` of the name the list writes: who to highlight and link. */
export type AuthorMembers = Record<string, { username: string; page: boolean }>;

/** A name as author lists are compared: trimmed, spaces single, case ignored. */
export const authorKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
