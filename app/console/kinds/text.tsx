import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { at } from '../../lib/base.ts';
import { CiteStylesField } from '../cite-styles-field.tsx';
import { DoiField } from '../doi-field.tsx';
import { HtmlField, MarkdownField } from '../markdown-field.tsx';
import { VenueField } from '../venue-field.tsx';
import { type ConsoleKind, str, type WidgetProps } from './kind.ts';

// Texts in the console: a line (or a DOI with its "Fill", a venue with its rank), a long text (markdown with
// a preview, HTML, or plain), a link, an e-mail address, a password.

function LineWidget({ def, value, onChange, error, disabled, record, onFill, common, label }: WidgetProps) {
  if (def.format === 'doi' && onFill) return <DoiField value={str(value)} onChange={onChange} onFill={onFill} common={common} />;
  if (def.widget === 'venue')
    return (
      <VenueField
        label={label}
        value={value}
        onChange={onChange}
        error={error}
        disabled={disabled}
        saved={Number(record?.pid) > 0 && typeof record?.venue_rank === 'string' ? record.venue_rank : undefined}
      />
    );
  if (def.widget === 'cite-styles') return <CiteStylesField label={label} value={value} onChange={onChange} error={error} disabled={disabled} />;
  return <TextField {...common} value={str(value)} onChange={(e) => onChange(e.target.value)} />;
}

export const text: ConsoleKind = { Widget: LineWidget, diff: 'words' };

export const longtext: ConsoleKind = {
  Widget({ def, value, onChange, error, common, label }) {
    if (def.widget === 'markdown') return <MarkdownField label={label} value={str(value)} onChange={onChange} error={error} height={def.editorHeight ?? 400} />;
    if (def.widget === 'html') return <HtmlField label={label} value={str(value)} onChange={onChange} error={error} />;
    return <TextField {...common} multiline minRows={3} value={str(value)} onChange={(e) => onChange(e.target.value)} />;
  },
  diff: 'words',
};

export const url: ConsoleKind = {
  // a link may be site-relative (/news/12), which the browser's own type="url" refuses: it is text with a
  // URL keyboard, checked by the schema (isSafeUrl, common/fields.ts) here and on the server
  Widget: ({ value, onChange, common }) => (
    <TextField
      {...common}
      value={str(value)}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { inputMode: 'url', autoComplete: 'url', spellCheck: false } }}
    />
  ),
  cell: (_def, value) =>
    typeof value === 'string' && value ? (
      <Link href={at(value)} target="_blank" rel="noopener" sx={{ wordBreak: 'break-all' }}>
        {value}
      </Link>
    ) : (
      '—'
    ),
  diff: 'value',
};

export const email: ConsoleKind = {
  Widget: ({ value, onChange, common }) => <TextField {...common} type="email" value={str(value)} onChange={(e) => onChange(e.target.value)} />,
  diff: 'value',
};

export const password: ConsoleKind = {
  Widget: ({ value, onChange, common }) => (
    <TextField {...common} type="password" autoComplete="new-password" value={str(value)} onChange={(e) => onChange(e.target.value)} />
  ),
  diff: 'value',
};
