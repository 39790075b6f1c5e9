import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { publication } from '../../common/resources/publication.ts';
import { bareDoi } from '../../common/doi.ts';
import { textFormats } from '../../common/fields.ts';
import { ImportChoicesSchema, ImportEntrySchema, ImportedRecordSchema, ImportResultSchema, importFormats } from '../../common/wire.ts';
import { lookupDoi } from '../services/doi-lookup.ts';
import { importPublications, previewImport } from '../services/bibtex-import.ts';
import { answers, ctxOf, typed } from './helpers.ts';

// Reference import: a preview of a BibTeX, RIS or EndNote file's entries, then the import of the chosen
// ones, all or none; and a DOI's metadata for the editor (point 4). Whoever may add publications may use them.

const tags = ['publication'];

export async function publicationImportRoutes(app: FastifyInstance) {
  const api = typed(app);
  const access = publication.access.create;

  api.post(
    `${publication.path}import/preview/`,
    {
      schema: {
        tags,
        summary:
          'Read a BibTeX, RIS, EndNote (.enw) or EndNote XML text into entries: each as a publication, with its problems and a duplicate of a stored one (the format as given, else found from the text)',
        body: z.strictObject({ text: z.string().max(2_000_000, { error: 'too_long' }), format: z.enum(importFormats).optional() }),
        response: answers(z.array(ImportEntrySchema)),
      },
      config: { access },
    },
    async (req) => previewImport(ctxOf(app, req), req.body.text, req.body.format),
  );

  api.get(
    `${publication.path}doi/`,
    {
      schema: {
        tags,
        summary: "A DOI's metadata from Crossref (or DataCite) as a publication's fields, for the editor to check before saving",
        // asked with a resolver's address or doi: (as pasted), it looks up the bare DOI
        querystring: z.object({
          doi: z
            .string()
            .max(300)
            .transform(bareDoi)
            .pipe(z.string().max(200).regex(textFormats.doi.pattern, { error: 'invalid_doi' })),
        }),
        response: answers(ImportedRecordSchema),
      },
      config: { access },
    },
    async (req) => lookupDoi(app.lab.config, req.query.doi),
  );

  api.post(
    `${publication.path}import/`,
    {
      schema: {
        tags,
        summary: 'Import the chosen entries in one transaction: each created, or updating the duplicate it names',
        body: ImportChoicesSchema,
        response: answers(ImportResultSchema),
      },
      config: { access },
    },
    async (req) => importPublications(ctxOf(app, req), req.body.entries, { partial: req.body.partial === true, skipped: req.body.skipped ?? 0 }),
  );
}
