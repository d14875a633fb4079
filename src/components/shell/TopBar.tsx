import type { NavLink } from '../../lib/links';
import { toSitePath } from '../../lib/links';
import type { Settings } from '../../schemas/settings';

const C3PR_URL = 'https://c3pr.ffr.fr';

export function TopBar({ links, settings }: { links: NavLink[]; settings: Settings }) {
  const news = settings.top_news;
  return (
    <div className="topbar">
      <div className="container topbar__inner">
        <nav className="topbar__links" aria-label="Sites de la Fédération">
          <ul>
            {links.map((link) => (
              <li key={link.id}>
                <a href={link.href} {...(link.external ? { target: '_blank', rel: 'noopener' } : {})}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {news.link && news.title ? (
          <a className="topbar__news" href={toSitePath(news.link)}>
            {news.label ? <strong>{news.label}</strong> : null} {news.title}
          </a>
        ) : settings.actualite_topbar ? (
          <span className="topbar__news">{settings.actualite_topbar}</span>
        ) : null}
        <div className="topbar__actions">
          <a className="topbar__login" href={settings.login_url || '/api/auth/signin'}>
            Connexion / inscription
          </a>
          <a className="button button--small topbar__c3pr" href={C3PR_URL} target="_blank" rel="noopener">
            Saisir la C3PR
          </a>
        </div>
      </div>
    </div>
  );
}
