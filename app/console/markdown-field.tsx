import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import LinkIcon from '@mui/icons-material/Link';
import TableChartIcon from '@mui/icons-material/TableChart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactElement, useRef, useState } from 'react';
import Markdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { useT } from '../i18n/index.tsx';
import { useImageInsertion } from './image-insert.tsx';

// Markdown with a small toolbar and a live preview, and HTML with a live preview in a sandboxed frame
// (the author's HTML never runs in the console's own page).

/**
 * Each tool: the mark it shows (text, or an icon where the mark would need an emoji or a symbol font the
 * machine may lack: 🔗 drew an empty box), what it puts before and after the selection, and its name (the
 * button's, in the reader's language).
 */
const tools: [string | ReactElement, string, string, MarkdownTool][] = [
  ['B', '**', '**', 'bold'],
  ['I', '_', '_', 'italic'],
  ['H2', '\n## ', '', 'heading2'],
  ['H3', '\n### ', '', 'heading3'],
  ['• ', '\n- ', '', 'bullets'],
  ['1.', '\n1. ', '', 'numbered'],
  ['</>', '`', '`', 'code'],
  [<FormatQuoteIcon key="quote" fontSize="small" />, '\n> ', '', 'quote'],
  [<LinkIcon key="link" fontSize="small" />, '[', '](https://)', 'link'],
  [<TableChartIcon key="table" fontSize="small" />, '\n| a | b |\n|---|---|\n| 1 | 2 |\n', '', 'table'],
];
type MarkdownTool = 'bold' | 'italic' | 'heading2' | 'heading3' | 'bullets' | 'numbered' | 'code' | 'quote' | 'link' | 'table';

export function MarkdownField({
  label,
  value,
  onChange,
  height = 600,
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  height?: number;
  error?: string;
}) {
  const { t } = useT();
  const area = useRef<HTMLTextAreaElement>(null);
  const image = useImageInsertion(area, value, onChange, 'markdown');
  const insert = (before: string, after: string) => {
    const el = area.current;
    if (!el) return onChange(value + before + after);
    const { selectionStart: a, selectionEnd: b } = el;
    onChange(value.slice(0, a) + before + value.slice(a, b) + after + value.slice(b));
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(a + before.length, b + before.length);
    });
  };
  // side by side (text and preview, at a fixed height) where the field itself is wide enough, whatever the
  // window: a side panel's field is narrow on a wide screen
  const wide = '@container (min-width: 720px)';
  return (
    <Box sx={{ my: 1, containerType: 'inline-size' }}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {label}
      </Typography>
      <ButtonGroup size="small" variant="outlined" sx={{ mb: 1, flexWrap: 'wrap' }} aria-label={t('console.markdownTools.toolbar')}>
        {tools.map(([name, before, after, tool]) => (
          // named in the reader's language, the mark it shows included (WCAG 2.5.3)
          <Button
            key={tool}
            onClick={() => insert(before, after)}
            aria-label={typeof name === 'string' ? `${t(`console.markdownTools.${tool}`)} ${name.trim()}` : t(`console.markdownTools.${tool}`)}
            title={t(`console.markdownTools.${tool}`)}
            sx={{ minWidth: 36 }}
          >
            {name}
          </Button>
        ))}
      </ButtonGroup>{' '}
      {image.button}
      {image.dialog}
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr', gap: 2, [wide]: { gridTemplateColumns: '1fr 1fr', height } }}>
        <TextField
          inputRef={area}
          multiline
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onPaste={image.onPaste}
          onDrop={image.onDrop}
          error={!!error}
          helperText={error}
          slotProps={{ htmlInput: { 'aria-label': label, style: { fontFamily: 'ui-monospace, monospace', fontSize: 14 } } }}
          sx={{ [wide]: { height, '& .MuiInputBase-root': { height } }, '& .MuiInputBase-root': { alignItems: 'flex-start', overflow: 'auto' } }}
          minRows={12}
        />
        <Box
          // a region that scrolls is reached by keyboard to scroll it (WCAG 2.1.1, axe's scrollable-region-focusable);
          // named after its field, as an editor may have two (Chinese and English: axe's landmark-unique)
          role="region"
          tabIndex={0}
          aria-label={`${t('console.preview')}: ${label}`}
          sx={{
            border: '1px solid #ddd',
            borderRadius: 1,
            p: 2,
            overflow: 'auto',
            bgcolor: 'background.paper',
            maxHeight: height,
            [wide]: { height },
            '& img': { maxWidth: '100%' },
            '& table': { borderCollapse: 'collapse' },
            '& td, & th': { border: '1px solid #ccc', px: 1 },
          }}
        >
          <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]}>
            {value}
          </Markdown>
        </Box>
      </Box>
    </Box>
  );
}

/** Renders stored markdown (view mode of info pages). */
export function MarkdownView({ value }: { value: string }) {
  return (
    <Box sx={{ '& img': { maxWidth: '100%' }, '& table': { borderCollapse: 'collapse' }, '& td, & th': { border: '1px solid #ccc', px: 1 } }}>
      <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]}>
        {value}
      </Markdown>
    </Box>
  );
}

export function HtmlField({ label, value, onChange, error }: { label: string; value: string; onChange: (v: string) => void; error?: string }) {
  const { t } = useT();
  const [tab, setTab] = useState(0);
  const area = useRef<HTMLTextAreaElement>(null);
  const image = useImageInsertion(area, value, onChange, 'html');
  return (
    <Box sx={{ my: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ minHeight: 36, flexGrow: 1, '& .MuiTab-root': { minHeight: 36 } }}>
          <Tab label={label} />
          <Tab label={t('console.preview')} />
        </Tabs>
        {image.button}
      </Box>
      {image.dialog}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <Box sx={{ display: { xs: tab === 0 ? 'block' : 'none', md: 'block' } }}>
          <TextField
            inputRef={area}
            onPaste={image.onPaste}
            onDrop={image.onDrop}
            multiline
            minRows={8}
            fullWidth
            value={value}
            onChange={(e) => onChange(e.target.value)}
            error={!!error}
            helperText={error}
            slotProps={{ htmlInput: { 'aria-label': label, style: { fontFamily: 'ui-monospace, monospace', fontSize: 14 } } }}
          />
        </Box>
        <Box sx={{ display: { xs: tab === 1 ? 'block' : 'none', md: 'block' }, border: '1px solid #ddd', borderRadius: 1, minHeight: 200 }}>
          <iframe
            title={`${label} ${t('console.preview')}`}
            sandbox=""
            srcDoc={`<meta charset="utf-8"><style>body{font-family:sans-serif;line-height:1.6;margin:12px}img{max-width:100%}</style>${value}`}
            style={{ border: 0, width: '100%', height: '100%', minHeight: 200 }}
          />
        </Box>
      </Box>
    </Box>
  );
}
