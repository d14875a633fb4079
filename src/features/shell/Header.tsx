import { escapeAttribute } from 'entities';
import { preload } from 'react-dom';
import { Island } from '../../ui/Island';
import { Shared } from '../../ui/shared-html.server';
import type { NavLink } from '../../lib/links';
import type { Shell } from './shell.server';
import type { Settings } from '../../schemas/settings';

type HeaderProps = {
  categories: NavLink[];
  links: NavLink[];
  title: string;
  logo: string;
  search: Shell['search'];
  stories: Shell['stories'];
};

/**
 * The same on every page: rendered once per isolate and props (ui/shared-html.server.tsx), its
 * islands' props and the menus' markup with it — the largest part of a page that is not the page.
 * `links`: the top bar's entries, which the mobile menu holds under the categories.
 */
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
  // The logo's preload, which React asks for an <img> it renders in the page: the header is rendered apart.
  if (settings.logo) preload(settings.logo, { as: 'image' });
  const props: HeaderProps = { categories, links, title: settings.title, logo: settings.logo, search, stories };
  return <Shared as="header" attrs={{ className: 'header' }} component={HeaderContent} props={props} />;
}

function HeaderContent({ categories, links, title, logo, search, stories }: HeaderProps) {
  return (
    <>
      <Island name="HeaderScroll" props={{}} />
      <div className="container header__inner">
        <Island name="MobileMenu" props={{ items: categories, links }} />
        {logo ? (
          // The <img> written as React writes it, but not seen by React: an image it renders asks
          // for a preload in the page's <head>, which a render apart cannot give (Header asks for it).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: one <img> whose only value, src, is escaped
          <a className="header__logo" href="/" aria-label={`${title} — accueil`} dangerouslySetInnerHTML={{ __html: logoImage(logo) }} />
        ) : (
          <a className="header__logo" href="/" aria-label={`${title} — accueil`}>
            <span>{title}</span>
          </a>
        )}
        <Island name="CategoriesNav" props={{ items: categories }} />
        <Island name="SearchBox" props={{ search, stories }} />
        <a className="button header__accredit" href="/accreditations" data-track="action" data-track-category="header">
          S’accréditer
        </a>
      </div>
    </>
  );
}

const logoImage = (src: string) => `<img src="${escapeAttribute(src)}" alt="" width="160" height="48"/>`;
