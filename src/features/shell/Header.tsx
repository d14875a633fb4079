import { Island } from '../../ui/Island';
import type { NavLink } from '../../lib/links';
import type { Shell } from './shell.server';
import type { Settings } from '../../schemas/settings';

/** `links`: the top bar's entries, which the mobile menu holds under the categories. */
export function Header({
  categories,
  links,
  settings,
  search,
  stories,
}: {
  categories: NavLink[];
  links: NavLink[];
  settings: Settings;
  search: Shell['search'];
  stories: Shell['stories'];
}) {
  return (
    <header className="header">
      <Island name="HeaderScroll" props={{}} />
      <div className="container header__inner">
        <Island name="MobileMenu" props={{ items: categories, links }} />
        <a className="header__logo" href="/" aria-label={`${settings.title} — accueil`}>
          {settings.logo ? <img src={settings.logo} alt="" width={160} height={48} /> : <span>{settings.title}</span>}
        </a>
        <Island name="CategoriesNav" props={{ items: categories }} />
        <Island name="SearchBox" props={{ search, stories }} />
        <a className="button header__accredit" href="/accreditations" data-track="action" data-track-category="header">
          S’accréditer
        </a>
      </div>
    </header>
  );
}
