import type { NavLink } from '../../lib/links';
import { SOCIAL_NETWORKS, type Settings } from '../../schemas/settings';

const FIRST_YEAR = 2023;

function chunk<T>(items: T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}

export function Footer({ categories, settings, year }: { categories: NavLink[]; settings: Settings; year: number }) {
  const socials = SOCIAL_NETWORKS.filter(([key]) => settings[key].trim() !== '');
  return (
    <footer className="footer">
      <div className="container">
        <div className="footer__top">
          {settings.logo_footer || settings.logo ? (
            <img className="footer__logo" src={settings.logo_footer || settings.logo} alt={settings.title} width={160} height={48} loading="lazy" />
          ) : null}
          {socials.length > 0 ? (
            <ul className="footer__socials" aria-label="Réseaux sociaux">
              {socials.map(([key, name]) => (
                <li key={key}>
                  <a href={settings[key]} target="_blank" rel="noopener" aria-label={name} data-network={key.replace('_lien', '')}>
                    {name}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <nav className="footer__categories" aria-label="Toutes les catégories" id="footer-categories">
          {chunk(categories, 5).map((row, i) => (
            <ul key={i}>
              {row.map((item) => (
                <li key={item.id}>
                  <a href={item.href}>{item.label}</a>
                </li>
              ))}
            </ul>
          ))}
        </nav>
        <ul className="footer__links">
          <li>
            <a href="/accreditations">S’accréditer</a>
          </li>
          <li>
            <a href={settings.login_url || '/api/auth/signin'}>Se connecter</a>
          </li>
          <li>
            <a href="/contact#contactez-nous">Contactez-nous</a>
          </li>
          <li>
            <a href="/contact">Contacts presse</a>
          </li>
        </ul>
        <div className="footer__legal">
          <p>
            © {FIRST_YEAR}–{year} Fédération française de rugby
          </p>
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
          </ul>
        </div>
      </div>
    </footer>
  );
}
