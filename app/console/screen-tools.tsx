import type { ComponentType } from 'react';
import type { Row } from './columns.tsx';
import { PersonTools, PublicationTools } from './find-papers.tsx';
import { PersonCreated } from './invitations.tsx';

// What a declared screen offers beside "Add", by resource name: work of its own that is more than
// listing and editing (the publications' BibTeX import, Find new papers and the list's health). It gets the list's reload.
export const screenTools: Partial<Record<string, ComponentType<{ reload: () => Promise<unknown> }>>> = {
  publication: PublicationTools,
};

/** What a row of a declared screen shows beside its buttons, by resource name (a person's account: invitations; their new papers). */
export const rowTools: Partial<Record<string, ComponentType<{ row: Row; reload: () => Promise<unknown> }>>> = {
  person: PersonTools,
};

/** What a declared screen shows after a create, from the answer's headers (a new person's invitation link, shown once). */
export const createdTools: Partial<Record<string, ComponentType<{ header: (name: string) => string | null; record: Row; onClose: () => void }>>> = {
  person: PersonCreated,
};
