import { useAtom } from 'jotai';
import { useLayoutEffect, useRef } from 'react';
import { mobileMenuAtom } from './ui-state';

type MenuItem = { id: number; label: string; href: string; external: boolean; children: Array<{ id: number; label: string; href: string; external: boolean }> };

export type MobileMenuProps = {
  items: MenuItem[];
  /** The top bar's federation links (« Équipes de France »…): the top bar shows them on desktop only. */
  links?: MenuItem[];
};

/** The burger and the slide-in left menu of screens under 1000 px, two levels deep. */
export default function MobileMenu({ items, links = [] }: MobileMenuProps) {
  const [state, setState] = useAtom(mobileMenuAtom);
  const panel = useRef<HTMLDivElement>(null);
  const burger = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

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

  const parent = state.open && state.level === 2 ? [...items, ...links].find((i) => i.id === state.parentId) : undefined;
  const entry = (item: MenuItem) =>
    item.children.length > 0 ? (
      <button type="button" className="mobile-menu__next" onClick={() => setState({ open: true, level: 2, parentId: item.id })}>
        {item.label}
      </button>
    ) : (
      <a href={item.href} {...(item.external ? { target: '_blank', rel: 'noopener' } : {})}>
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
        aria-controls="menu-mobile"
        aria-label={state.open ? 'Fermer le menu' : 'Ouvrir le menu'}
        onClick={() => setState(state.open ? { open: false } : { open: true, level: 1 })}
      >
        <span aria-hidden="true" />
      </button>
      <div className="mobile-menu__backdrop" hidden={!state.open} onClick={() => setState({ open: false })} />
      <div ref={panel} id="menu-mobile" className="mobile-menu" hidden={!state.open} role="dialog" aria-modal="true" aria-label="Menu">
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
                  <a href={child.href} {...(child.external ? { target: '_blank', rel: 'noopener' } : {})}>
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
        <ul className="mobile-menu__extra">
          <li>
            <a href="/accreditations">S’accréditer</a>
          </li>
          <li>
            <a href="/contact">Contacts presse</a>
          </li>
        </ul>
      </div>
    </>
  );
}
