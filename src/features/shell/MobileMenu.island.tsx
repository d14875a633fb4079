import { useAtom } from 'jotai';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLive } from '../../ui/use-live';
import { mobileMenuAtom } from '../../state/ui';

type MenuItem = {
  id: number;
  label: string;
  href: string;
  external: boolean;
  children: Array<{ id: number; label: string; href: string; external: boolean }>;
};

export type MobileMenuProps = {
  items: MenuItem[];
  /** The top bar's federation links (« Équipes de France »…): the top bar shows them on desktop only. */
  links?: MenuItem[];
};

const PANEL_ID = 'menu-mobile';

const linkAttributes = (item: { external: boolean }) => (item.external ? { target: '_blank', rel: 'noopener' } : {});

/**
 * The burger and the slide-in left menu of screens under 1000 px, two levels deep. Until the
 * island runs (or without JavaScript), the burger is a link to the panel, which CSS shows as the
 * page's `:target`, with both levels written out.
 */
export default function MobileMenu({ items, links = [] }: MobileMenuProps) {
  const live = useLive();
  const [state, setState] = useAtom(mobileMenuAtom);
  const panel = useRef<HTMLDivElement>(null);
  const burger = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // Opened before the script came (the link's #menu-mobile): it stays open, now as the island's.
  useEffect(() => {
    if (!live || location.hash !== `#${PANEL_ID}`) return;
    history.replaceState(history.state, '', location.pathname + location.search);
    setState({ open: true, level: 1 });
  }, [live, setState]);

  // A layout effect: the focus moves with the change on screen, not a frame later (Preact runs
  // plain effects after the next paint).
  useLayoutEffect(() => {
    // Scroll lock while open; focus goes in on opening and back to the burger on closing.
    document.documentElement.classList.toggle('is-scroll-locked', state.open);
    if (state.open) panel.current?.querySelector<HTMLElement>('nav a, nav button')?.focus();
    else if (wasOpen.current) burger.current?.focus();
    wasOpen.current = state.open;
    if (!state.open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setState({ open: false });
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [state, setState]);

  if (!live) return <StaticMenu items={items} links={links} />;

  const parent = state.open && state.level === 2 ? [...items, ...links].find((i) => i.id === state.parentId) : undefined;
  const entry = (item: MenuItem) =>
    item.children.length > 0 ? (
      <button type="button" className="mobile-menu__next" onClick={() => setState({ open: true, level: 2, parentId: item.id })}>
        {item.label}
      </button>
    ) : (
      <a href={item.href} {...linkAttributes(item)}>
        {item.label}
      </a>
    );

  return (
    <>
      <button
        ref={burger}
        type="button"
        className="burger"
        aria-expanded={state.open}
        aria-controls={PANEL_ID}
        aria-label={state.open ? 'Fermer le menu' : 'Ouvrir le menu'}
        onClick={() => setState(state.open ? { open: false } : { open: true, level: 1 })}
      >
        <span aria-hidden="true" />
      </button>
      <div className="mobile-menu__backdrop" hidden={!state.open} onClick={() => setState({ open: false })} />
      <div ref={panel} id={PANEL_ID} className="mobile-menu" hidden={!state.open} role="dialog" aria-modal="true" aria-label="Menu">
        <div className="mobile-menu__head">
          <span>Menu</span>
          <button type="button" className="mobile-menu__close" aria-label="Fermer le menu" onClick={() => setState({ open: false })}>
            ×
          </button>
        </div>
        {parent ? (
          <nav aria-label={parent.label}>
            <button type="button" className="mobile-menu__back" onClick={() => setState({ open: true, level: 1 })}>
              Retour
            </button>
            <p className="mobile-menu__title">{parent.label}</p>
            <ul>
              {/* An entry that only opens its links (href "#") has no page of its own to show. */}
              {parent.href !== '#' ? (
                <li>
                  <a href={parent.href}>Tout voir</a>
                </li>
              ) : null}
              {parent.children.map((child) => (
                <li key={child.id}>
                  <a href={child.href} {...linkAttributes(child)}>
                    {child.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          <>
            <nav aria-label="Menu des catégories">
              <ul>
                {items.map((item) => (
                  <li key={item.id}>{entry(item)}</li>
                ))}
              </ul>
            </nav>
            {links.length > 0 ? (
              <nav className="mobile-menu__links" aria-label="Sites de la Fédération (menu mobile)">
                <ul>
                  {links.map((item) => (
                    <li key={item.id}>{entry(item)}</li>
                  ))}
                </ul>
              </nav>
            ) : null}
          </>
        )}
        <ExtraLinks />
      </div>
    </>
  );
}

function ExtraLinks() {
  return (
    <ul className="mobile-menu__extra">
      <li>
        <a href="/accreditations">S’accréditer</a>
      </li>
      <li>
        <a href="/contact">Contacts presse</a>
      </li>
    </ul>
  );
}

/** The menu as links only: the burger goes to the panel, « × » away from it, both levels shown. */
function StaticMenu({ items, links }: { items: MenuItem[]; links: MenuItem[] }) {
  const list = (entries: MenuItem[]) => (
    <ul>
      {entries.map((item) => (
        <li key={item.id}>
          {item.href !== '#' ? (
            <a href={item.href} {...linkAttributes(item)}>
              {item.label}
            </a>
          ) : (
            <span className="mobile-menu__group">{item.label}</span>
          )}
          {item.children.length > 0 ? (
            <ul className="mobile-menu__children">
              {item.children.map((child) => (
                <li key={child.id}>
                  <a href={child.href} {...linkAttributes(child)}>
                    {child.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
  return (
    <>
      <a className="burger" href={`#${PANEL_ID}`} aria-label="Ouvrir le menu">
        <span aria-hidden="true" />
      </a>
      <div id={PANEL_ID} className="mobile-menu" hidden>
        <div className="mobile-menu__head">
          <span>Menu</span>
          <a className="mobile-menu__close" href="#" aria-label="Fermer le menu">
            ×
          </a>
        </div>
        <nav aria-label="Menu des catégories">{list(items)}</nav>
        {links.length > 0 ? (
          <nav className="mobile-menu__links" aria-label="Sites de la Fédération (menu mobile)">
            {list(links)}
          </nav>
        ) : null}
        <ExtraLinks />
      </div>
    </>
  );
}
