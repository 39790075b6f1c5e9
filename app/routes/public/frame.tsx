import { useCallback, useEffect, useState } from 'react';
import { NavLink, Outlet, Link as RouterLink, useLocation } from 'react-router';
import { pick } from '../../../common/lang.ts';
import { AccountMenu } from '../../components/account-menu.tsx';
import { MenuIcon } from '../../components/icons.tsx';
import { LanguageMenu } from '../../components/language-menu.tsx';
import { BarSearch, SearchForm } from '../../components/site-search.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { useT } from '../../i18n/index.tsx';
import { menuOf } from '../../lib/paths.ts';
import { navFit } from '../../lib/nav-fit.ts';
import { type BarEntry, NavMore } from '../../components/nav-more.tsx';
import { paths } from '../../../common/paths.ts';
import { useRootData } from '../../root.tsx';
import { responsive } from '../../lib/images.ts';
import { at } from '../../lib/base.ts';

// The shared public frame of SPEC §2: top bar (transparent on the home page until scrolled past
// max(window width / 3, 200 px)), navigation, language menu, login or account menu, and the footer.

function useSolidBar(home: boolean): boolean {
  const [solid, setSolid] = useState(!home);
  useEffect(() => {
    if (!home) {
      setSolid(true);
      return;
    }
    const update = () => setSolid(window.scrollY > Math.max(window.innerWidth / 3, 200));
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [home]);
  return solid;
}

/** Whether a menu entry is the current page's, as NavLink decides (the home entry only on the home page). */
function isCurrent(href: string, pathname: string): boolean {
  const to = href.toLowerCase();
  const path = pathname.toLowerCase();
  return to === '/' ? path === '/' : path === to || path.startsWith(`${to}/`);
}

function PhoneMenu({ onClose }: { onClose: () => void }) {
  const { t } = useT();
  useEffect(() => {
    const key = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', key);
    document.querySelector<HTMLAnchorElement>('.drawer a')?.focus();
    return () => document.removeEventListener('keydown', key);
  }, [onClose]);
  return (
    <>
      <div className="drawer-backdrop" onClick={onClose} aria-hidden="true" />
      <nav className="drawer" aria-label={t('nav.menu')}>
        <SearchForm onSearch={onClose} />
        {menuOf(useRootData().nav).map(({ key, href, label }) => (
          <NavLink key={key} to={href} end={href === '/'} onClick={onClose}>
            {label ?? t(`nav.${key}` as 'nav.home')}
          </NavLink>
        ))}
      </nav>
    </>
  );
}

export default function PublicFrame() {
  const { t } = useT();
  const { site, lang, origin } = useRootData();
  const location = useLocation();
  const home = location.pathname === '/';
  const solid = useSolidBar(home);
  const [drawer, setDrawer] = useState(false);
  const closeDrawer = useCallback(() => {
    setDrawer(false);
    // the focus goes back to the menu button, not to the page's start
    document.querySelector<HTMLButtonElement>('header .menu-button')?.focus();
  }, []);
  const location_ = pick(site.location_zh, site.location_en, lang);
  // the site's name as its settings give it (console → site settings), never a name written here
  const labName = pick(site.lab_name_zh, site.lab_name_en, lang);
  const menu = menuOf(useRootData().nav).map(({ key, href, label }) => ({ key, href, label: label ?? t(`nav.${key}` as 'nav.home') }));
  const fit = navFit(
    labName,
    menu.map((e) => e.label),
    t('nav.more'),
  );
  const entries: BarEntry[] = menu.map((e, i) => ({ ...e, below: fit.below[i] }));
  const current = entries.find((e) => isCurrent(e.href, location.pathname));

  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <header className={`appbar nav-from-${fit.from}${home ? ' home' : ''}${solid ? '' : ' transparent'}`}>
        <div className="toolbar">
          <button type="button" className="icon-button menu-button" aria-label={t('nav.menu')} aria-expanded={drawer} onClick={() => setDrawer(true)}>
            <MenuIcon />
          </button>
          <RouterLink className="brand" to="/" title={labName}>
            {labName}
          </RouterLink>
          <nav className="nav" aria-label={t('nav.main')}>
            {entries.map(({ key, href, label, below }) => (
              <NavLink key={key} to={href} end={href === '/'} data-below={below}>
                {label}
              </NavLink>
            ))}
            <NavMore entries={entries} current={current} />
          </nav>
          <span className="spacer" />
          <BarSearch />
          <ThemeToggle />
          <LanguageMenu />
          <AccountMenu />
        </div>
      </header>
      {drawer && <PhoneMenu onClose={closeDrawer} />}
      <main id="main">
        <Outlet />
      </main>
      <footer className="footer">
        <div className="container">
          <div>
            <p className="lab-name">{labName}</p>
            {location_ && (
              <p>
                {t('footer.location')}
                {t('colon')}
                {location_}
              </p>
            )}
            {site.email && (
              <p>
                {t('footer.contact')}
                {t('colon')}
                <a href={`mailto:${site.email}`}>{site.email}</a>
              </p>
            )}
            <p>
              <a href={at(paths.search())}>{t('search.label')}</a>
            </p>
            <p className="subscribe">
              {t('footer.subscribe')}
              {t('colon')}
              <a href={at(paths.newsFeed())}>{t('footer.newsFeed')}</a>
              {' · '}
              <a href={at(paths.publicationFeed())}>{t('footer.publicationFeed')}</a>
              {' · '}
              <a href={paths.seminarSubscription(origin)}>{t('footer.seminarCalendar')}</a> (<a href={at(paths.seminarFeed())}>.ics</a>)
            </p>
            {lang === 'zh' && site.filing_number && (
              <p>
                <a href="https://beian.miit.gov.cn/" rel="noopener" target="_blank">
                  {site.filing_number}
                </a>
              </p>
            )}
          </div>
          {site.qr_image_url && <img {...responsive(site.qr_image_url, 96)} sizes="96px" alt={t('footer.qr')} width={96} height={96} loading="lazy" />}
        </div>
      </footer>
    </div>
  );
}
