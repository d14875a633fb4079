import { Island } from '../../islands/Island';
import type { NavLink } from '../../lib/links';
import type { Settings } from '../../schemas/settings';

export function Header({ categories, settings }: { categories: NavLink[]; settings: Settings }) {
  return (
    <header className="header">
      <Island name="HeaderScroll" props={{}} />
      <div className="container header__inner">
        <Island name="MobileMenu" props={{ items: categories }} />
        <a className="header__logo" href="/" aria-label={`${settings.title} — accueil`}>
          {settings.logo ? <img src={settings.logo} alt="" width={160} height={48} /> : <span>{settings.title}</span>}
        </a>
        <Island name="CategoriesNav" props={{ items: categories }} />
        <form className="header__search" action="/recherche" method="get" role="search">
          <label className="visually-hidden" htmlFor="header-search">
            Rechercher
          </label>
          <input id="header-search" type="search" name="query" placeholder="Que recherchez-vous ?" autoComplete="off" maxLength={500} />
          <button type="submit" className="icon-button" aria-label="Lancer la recherche">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </form>
        <a className="header__search-link icon-button" href="/recherche" aria-label="Rechercher">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </a>
        <a className="button header__accredit" href="/accreditations" data-track="action" data-track-category="header">
          S’accréditer
        </a>
      </div>
    </header>
  );
}
