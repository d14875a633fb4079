import { toSitePath, type NavLink } from '../../lib/links';
import type { Settings } from '../../schemas/settings';
import { Island } from '../../ui/Island';
import { Shared } from '../../ui/shared-html.server';
import type { Shell } from './shell.server';

export const C3PR_URL = 'https://c3pr.ffr.fr';

type TopBarProps = { links: NavLink[]; settings: Settings; account: Shell['account']; loginUrl: string };

/**
 * The same on every page but for its sign-in link, which comes back to the page: rendered once per
 * isolate and props, the link written in for each page (ui/shared-html.server.tsx, holes).
 */
export function TopBar(props: TopBarProps) {
  return (
    // A named region: its links and actions sit outside <header>, and every part of a page belongs to a landmark.
    <Shared
      as="section"
      attrs={{ className: 'topbar', 'aria-label': 'Bandeau de la Fédération' }}
      component={TopBarContent}
      props={props}
      holes={['loginUrl']}
    />
  );
}

function TopBarContent({ links, settings, account, loginUrl }: TopBarProps) {
  const news = settings.top_news;
  return (
    <div className="container topbar__inner">
      <Island name="TopBarNav" props={{ links }} />
      {news.link && news.title ? (
        <a className="topbar__news" href={toSitePath(news.link)} data-track="navigation" data-track-category="topbar">
          {news.label ? <strong>{news.label}</strong> : null} {news.title}
        </a>
      ) : settings.actualite_topbar ? (
        <span className="topbar__news">{settings.actualite_topbar}</span>
      ) : (
        <span className="topbar__news" />
      )}
      {/* Islands that depend on the reader never move the rest: the invitation takes room from
          the ticker (a sibling of its own, so the boxes after it stay put), the name takes the
          login link's fixed box. */}
      <Island name="WhatsappBanner" props={{}} />
      <div className="topbar__actions">
        <div className="topbar__account">
          <Island name="UserMenu" props={{ ...account, loginUrl, variant: 'topbar' }} />
        </div>
        <a
          className="button button--small topbar__c3pr"
          href={C3PR_URL}
          target="_blank"
          rel="noopener"
          data-track="action"
          data-track-category="topbar"
        >
          Saisir la C3PR
        </a>
      </div>
    </div>
  );
}
