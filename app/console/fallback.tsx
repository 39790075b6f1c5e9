// What the server renders for a console or advisor URL, and the browser shows until the stored login is
// checked and the area's code has loaded: plain markup (no MUI), so the server build needs none of the
// area's code (docs/decisions/011-lean-process.md). It looks like MUI's CircularProgress in the console's
// primary colour, in the theme in force (public.css's colours: the reader's choice or the system's).
export function FrameFallback() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', background: 'var(--bg, #f5f7fa)' }}>
      <svg role="progressbar" aria-label="…" width="40" height="40" viewBox="0 0 44 44" style={{ color: 'var(--primary, #1e4f91)' }}>
        <circle cx="22" cy="22" r="20.2" fill="none" stroke="currentColor" strokeWidth="3.6" strokeDasharray="80 200" strokeLinecap="round">
          <animateTransform attributeName="transform" type="rotate" from="0 22 22" to="360 22 22" dur="1.4s" repeatCount="indefinite" />
        </circle>
      </svg>
    </div>
  );
}
