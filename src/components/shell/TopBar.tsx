import type { NavLink } from '../../lib/links';
import { toSitePath } from '../../lib/links';
import type { Settings } from '../../schemas/settings';
import { Island } from '../../islands/Island';
import type { Shell } from '../../render/shell.server';

export const C3PR_URL = 'https://c3pr.ffr.fr';

const linkProps = (l: NavLink) => (l.external ? { target: '_blank', rel: 'noopener' } : {});

export function TopBar({ links, settings, account }: { links: NavLink[]; settings: Settings; account: Shell['account'] }) {
  const news = settings.top_news;
  return (
    // A named region: its links and actions sit outside <header>, and every part of a page belongs to a landmark.
    <section className="topbar" aria-label="Bandeau de la Fédération">
      <div className="container topbar__inner">
        <nav className="topbar__links" aria-label="Sites de la Fédération">
          <ul>
            {links.map((link) => (
              <li key={link.id} className={link.children.length ? 'has-dropdown' : undefined}>
                <a href={link.href} {...linkProps(link)} data-track="navigation" data-track-category="topbar" aria-haspopup={link.children.length ? 'true' : undefined}>
                  {link.label}
                </a>
                {link.children.length ? (
                  <ul className="topbar__dropdown">
                    {link.children.map((child) => (
                      <li key={child.id}>
                        <a href={child.href} {...linkProps(child)} data-track="navigation" data-track-category="topbar">
                          {child.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </nav>
        {news.link && news.title ? (
          <a className="topbar__news" href={toSitePath(news.link)} data-track="navigation" data-track-category="topbar">
            {news.label ? <strong>{news.label}</strong> : null} {news.title}
          </a>
        ) : settings.actualite_topbar ? (
          <span className="topbar__news">{settings.actualite_topbar}</span>
        ) : (
          <span className="topbar__news" />
        )}
        <div className="topbar__actions">
          <Island name="UserMenu" props={{ ...account, variant: 'topbar' }} />
          <a className="button button--small topbar__c3pr" href={C3PR_URL} target="_blank" rel="noopener" data-track="action" data-track-category="topbar">
            Saisir la C3PR
          </a>
        </div>
      </div>
    </section>
  );
}
