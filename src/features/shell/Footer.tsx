import { Island } from '../../ui/Island';
import type { NavLink } from '../../lib/links';
import type { Shell } from './shell.server';
import { SOCIAL_NETWORKS, type Settings } from '../../schemas/settings';
import { SocialIcon } from './SocialIcon';
import { Shared } from '../../ui/shared-html.server';

export const COPYRIGHT_FIRST_YEAR = 2023;
export const CATEGORIES_PER_ROW = 5;

function chunk<T>(items: T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}

type Social = { key: string; name: string; href: string };

/** The logo and the networks: the same on every page, rendered once per isolate (render/shared-html.server.tsx). */
function FooterTop({ logo, title, socials }: { logo: string; title: string; socials: Social[] }) {
  return (
    <>
      {logo ? <img className="footer__logo" src={logo} alt={title} width={160} height={48} loading="lazy" /> : null}
      {socials.length > 0 ? (
        <ul className="footer__socials">
          {socials.map(({ key, name, href }) => (
            <li key={key}>
              <a
                href={href}
                target="_blank"
                rel="noopener"
                aria-label={`${name} (nouvelle fenêtre)`}
                title={name}
                data-network={key.replace('_lien', '')}
              >
                <SocialIcon network={key.replace('_lien', '')} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** Every category, five to a row: the same on every page, rendered once per isolate. */
function FooterCategories({ categories }: { categories: NavLink[] }) {
  return (
    <>
      {chunk(categories, CATEGORIES_PER_ROW).map((row, i) => (
        <ul key={i}>
          {row.map((item) => (
            <li key={item.id}>
              <a
                href={item.href}
                data-track="navigation"
                data-track-category="footer"
                {...(item.external ? { target: '_blank', rel: 'noopener' } : {})}
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      ))}
    </>
  );
}

export function Footer({
  categories,
  settings,
  year,
  account,
}: {
  categories: NavLink[];
  settings: Settings;
  year: number;
  account: Shell['account'];
}) {
  const socials = SOCIAL_NETWORKS.filter(([key]) => settings[key].trim() !== '').map(([key, name]) => ({ key, name, href: settings[key] }));
  return (
    <footer className="footer">
      <div className="container">
        <Shared
          as="div"
          attrs={{ className: 'footer__top' }}
          component={FooterTop}
          props={{ logo: settings.logo_footer || settings.logo, title: settings.title, socials }}
        />
        <Shared
          as="nav"
          attrs={{ className: 'footer__categories', 'aria-label': 'Toutes les catégories', id: 'footer-categories' }}
          component={FooterCategories}
          props={{ categories }}
        />
        <ul className="footer__links">
          <li>
            <a href="/accreditations">S’accréditer</a>
          </li>
          <li>
            <Island name="UserMenu" props={{ ...account, variant: 'footer' }} />
          </li>
          <li>
            <Island name="ContactButton" props={{ variant: 'link' }} />
          </li>
          <li>
            <a href="/contact">Contacts presse</a>
          </li>
          {/^https?:\/\//.test(settings.newsletter) ? (
            <li>
              <a href={settings.newsletter} rel="noopener">
                S’abonner à la newsletter
              </a>
            </li>
          ) : null}
        </ul>
        <div className="footer__legal">
          <p>{`©\u00a0${COPYRIGHT_FIRST_YEAR}–${year} Fédération française de rugby`}</p>
          <ul>
            <li>
              <a href={settings.cgu}>Conditions générales d’utilisation</a>
            </li>
            <li>
              <a href={settings.cookies}>Politique de confidentialité</a>
            </li>
            <li>
              <a href="/mentions-legales">Mentions légales</a>
            </li>
            <li>
              <Island name="ConsentLink" props={{}} />
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
