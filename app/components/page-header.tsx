/** The title band at the top of every public page but the home page. */
export function PageHeader({ title, subtitle, titleLang }: { title: string; subtitle?: string; titleLang?: string | undefined }) {
  return (
    <div className="page-header">
      <div className="container">
        <h1 lang={titleLang}>{title}</h1>
        {subtitle && <p>{subtitle}</p>}
      </div>
    </div>
  );
}
