import type { ComponentType } from 'react';
import { BibtexImport } from './bibtex-import/index.tsx';

// What a declared screen offers beside "Add", by resource name: work of its own that is more than
// listing and editing (the publications' BibTeX import). It gets the list's reload.
export const screenTools: Partial<Record<string, ComponentType<{ reload: () => Promise<unknown> }>>> = {
  publication: BibtexImport,
};
