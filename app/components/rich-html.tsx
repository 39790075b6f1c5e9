import Box from '@mui/material/Box';

/**
 * HTML that the server rendered from markdown or sanitized with its allow-list (server/pages). It is
 * never built from unsanitized input here.
 */
export function RichHtml({ html, id }: { html: string; id?: string }) {
  return (
    <Box
      id={id}
      className="rich"
      sx={{
        lineHeight: 1.75,
        wordBreak: 'break-word',
        '& img': { maxWidth: '100%', height: 'auto' },
        '& pre': { overflowX: 'auto', bgcolor: '#f3f5f8', p: 2, borderRadius: 1, fontSize: 14 },
        '& code': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.9em' },
        '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto', my: 2 },
        '& th, & td': { border: '1px solid #d0d7de', px: 1.5, py: 0.75 },
        '& blockquote': { borderLeft: '4px solid #d0d7de', m: 0, pl: 2, color: 'text.secondary' },
        '& h1, & h2, & h3, & h4': { scrollMarginTop: 80, lineHeight: 1.3 },
        '& a': { color: 'primary.main' },
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (rehype-sanitize / allow-list)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
