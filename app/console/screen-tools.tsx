import type { ComponentType } from 'react';
import { BibtexImport } from './bibtex-import/index.tsx';
import type { Row } from './columns.tsx';
import { PersonAccount, PersonCreated } from './invitations.tsx';

// What a declared screen offers beside "Add", by resource name: work of its own that is more than
// listing and editing (the publications' BibTeX import). It gets the list's reload.
export const screenTools: Partial<Record<string, ComponentType<{ reload: () => Promise<unknown> }>>> = {
  publication: BibtexImport,
};

/** What a row of a declared screen shows beside its buttons, by resource name (a person's account: invitations). */
export const rowTools: Partial<Record<string, ComponentType<{ row: Row; reload: () => Promise<unknown> }>>> = {
  person: PersonAccount,
};

/** What a declared screen shows after a create, from the answer's headers (a new person's invitation link, shown once). */
export const createdTools: Partial<Record<string, ComponentType<{ header: (name: string) => string | null; record: Row; onClose: () => void }>>> = {
  person: PersonCreated,
};
