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

/** The logo and the networks. */
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

/** Every category, five to a row. */
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

type FooterProps = { categories: NavLink[]; settings: Settings; year: number; account: Shell['account']; loginUrl: string };

/**
 * The same on every page of a year but for its sign-in link, which comes back to the page: rendered
 * once per isolate and props, the link written in for each page (ui/shared-html.server.tsx, holes).
 */
export function Footer(props: FooterProps) {
  return <Shared as="footer" attrs={{ className: 'footer' }} component={FooterContent} props={props} holes={['loginUrl']} />;
}

function FooterContent({ categories, settings, year, account, loginUrl }: FooterProps) {
  const socials = SOCIAL_NETWORKS.filter(([key]) => settings[key].trim() !== '').map(([key, name]) => ({ key, name, href: settings[key] }));
  return (
    <div className="container">
      <div className="footer__top">
        <FooterTop logo={settings.logo_footer || settings.logo} title={settings.title} socials={socials} />
      </div>
      <nav className="footer__categories" aria-label="Toutes les catégories" id="footer-categories">
        <FooterCategories categories={categories} />
      </nav>
      <ul className="footer__links">
        <li>
          <a href="/accreditations">S’accréditer</a>
        </li>
        <li>
          <Island name="UserMenu" props={{ ...account, loginUrl, variant: 'footer' }} />
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
  );
}
