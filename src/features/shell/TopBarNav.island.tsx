import { useEffect, useRef, useState } from 'react';
import type { NavLink } from '../../lib/links';
import { useDisclosures } from './disclosures';

export type TopBarNavProps = { links: NavLink[] };

const linkProps = (l: NavLink) => (l.external ? { target: '_blank', rel: 'noopener' } : {});

/**
 * The federation links of the top bar (desktop). An entry with a drop-down is a disclosure button
 * once hydrated (disclosures.ts): its links are not Tab stops until it is opened. Without
 * JavaScript it stays the link that opens its drop-down on hover and focus.
 */
export default function TopBarNav({ links }: TopBarNavProps) {
  const nav = useRef<HTMLElement>(null);
  const menus = useDisclosures(nav);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  return (
    <nav ref={nav} className={ready ? 'topbar__links is-ready' : 'topbar__links'} aria-label="Sites de la Fédération">
      <ul>
        {links.map((link) => {
          if (!link.children.length) {
            return (
              <li key={link.id}>
                <a className="topbar__link" href={link.href} {...linkProps(link)} data-track="navigation" data-track-category="topbar">
                  {link.label}
                </a>
              </li>
            );
          }
          const panelId = `liens-${link.id}`;
          const ownPage = link.href !== '#';
          return (
            <li key={link.id} className="has-dropdown" {...menus.item(panelId)}>
              <a
                className="topbar__link"
                href={link.href}
                {...linkProps(link)}
                data-track="navigation"
                data-track-category="topbar"
                aria-haspopup="true"
              >
                {link.label}
              </a>
              <button type="button" className="topbar__toggle" {...menus.button(panelId)}>
                {link.label}
              </button>
              <ul className="topbar__dropdown" id={panelId} hidden={menus.openId !== panelId}>
                {ownPage ? (
                  <li>
                    <a
                      href={link.href}
                      {...linkProps(link)}
                      data-track="navigation"
                      data-track-category="topbar"
                      data-track-name={link.label}
                    >
                      Tout voir
                    </a>
                  </li>
                ) : null}
                {link.children.map((child) => (
                  <li key={child.id}>
                    <a href={child.href} {...linkProps(child)} data-track="navigation" data-track-category="topbar">
                      {child.label}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
