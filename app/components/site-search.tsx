import { Form } from 'react-router';
import { paths } from '../../common/paths.ts';
import { SEARCH_MAX_CHARS } from '../../common/search.ts';
import { useT } from '../i18n/index.tsx';
import { SearchIcon } from './icons.tsx';
import { at } from '../lib/base.ts';

// The site search in the public frame: plain GET forms to /search, so they work without
// JavaScript. The top bar has room for a field only on wide screens; narrower ones show its icon, a link
// to the search page, and the phone's menu starts with a field of its own.

/** The top bar's search: a field on wide screens, an icon linking to the search page otherwise. */
export function BarSearch() {
  const { t } = useT();
  return (
    <>
      <Form method="get" action={paths.search()} role="search" aria-label={t('search.label')} className="bar-search">
        <input type="search" name="q" aria-label={t('search.label')} placeholder={t('search.title')} maxLength={4 * SEARCH_MAX_CHARS} enterKeyHint="search" />
        <button type="submit" className="icon-button" aria-label={t('search.submit')}>
          <SearchIcon />
        </button>
      </Form>
      <a className="icon-button bar-search-link" href={at(paths.search())} aria-label={t('search.open')}>
        <SearchIcon />
      </a>
    </>
  );
}

/** A search field with its button (the phone menu). */
export function SearchForm({ onSearch }: { onSearch?: () => void }) {
  const { t } = useT();
  return (
    <Form method="get" action={paths.search()} role="search" aria-label={t('search.label')} className="drawer-search" onSubmit={onSearch}>
      <input type="search" name="q" aria-label={t('search.label')} placeholder={t('search.title')} maxLength={4 * SEARCH_MAX_CHARS} enterKeyHint="search" />
      <button type="submit" className="icon-button" aria-label={t('search.submit')}>
        <SearchIcon />
      </button>
    </Form>
  );
}
