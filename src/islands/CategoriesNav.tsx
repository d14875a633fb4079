import { useLayoutEffect, useRef, useState } from 'react';
import { menuColumns, type NavLink } from '../lib/links';

export type CategoriesNavProps = { items: NavLink[] };

function SubMenu({ item }: { item: NavLink }) {
  if (item.children.length === 0) return null;
  return (
    <div className="submenu">
      <div className="submenu__columns">
        {menuColumns(item.children).map((column, i) => (
          <ul key={i}>
            {column.map((child) => (
              <li key={child.id}>
                <a href={child.href} data-track="navigation" data-track-category="menu" {...(child.external ? { target: '_blank', rel: 'noopener' } : {})}>
                  {child.label}
                </a>
              </li>
            ))}
          </ul>
        ))}
      </div>
    </div>
  );
}

/**
 * The desktop categories menu. Without JavaScript every item is in the (wrapping) list; once
 * hydrated, the items that do not fit the width move into 'Plus', recomputed on resize.
 */
export default function CategoriesNav({ items }: CategoriesNavProps) {
  const list = useRef<HTMLUListElement>(null);
  const widths = useRef<number[]>([]);
  const [fit, setFit] = useState<number | null>(null); // null: not measured yet (server HTML)
  const [moreOpen, setMoreOpen] = useState(false);

  useLayoutEffect(() => {
    const ul = list.current;
    if (!ul) return;
    const lis = [...ul.querySelectorAll<HTMLLIElement>(':scope > li[data-index]')];
    widths.current = lis.map((li) => li.getBoundingClientRect().width);
    const moreWidth = 80;
    const measure = () => {
      const available = ul.clientWidth;
      if (available === 0) return; // hidden (mobile): nothing to decide
      let used = 0;
      let count = 0;
      const total = widths.current.reduce((a, b) => a + b, 0);
      if (total <= available) return setFit(items.length);
      for (const w of widths.current) {
        if (used + w + moreWidth > available) break;
        used += w;
        count++;
      }
      setFit(count);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(ul);
    return () => observer.disconnect();
  }, [items.length]);

  useLayoutEffect(() => {
    if (!moreOpen) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !(e.target as Element).closest?.('.nav-more')) setMoreOpen(false);
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, [moreOpen]);

  const overflow = fit === null ? [] : items.slice(fit);
  return (
    <nav className={fit === null ? 'header__nav' : 'header__nav is-measured'} aria-label="Catégories">
      <ul ref={list}>
        {items.map((item, i) => (
          <li key={item.id} data-index={i} className={item.children.length ? 'has-submenu' : undefined} hidden={fit !== null && i >= fit}>
            <a href={item.href} data-track="navigation" data-track-category="menu" {...(item.external ? { target: '_blank', rel: 'noopener' } : {})}>
              {item.label}
            </a>
            <SubMenu item={item} />
          </li>
        ))}
        <li className="nav-more" hidden={overflow.length === 0}>
          <button type="button" aria-expanded={moreOpen} aria-haspopup="true" onClick={() => setMoreOpen((o) => !o)}>
            Plus
          </button>
          <ul className="nav-more__list" hidden={!moreOpen}>
            {overflow.map((item) => (
              <li key={item.id}>
                <a href={item.href} data-track="navigation" data-track-category="menu" {...(item.external ? { target: '_blank', rel: 'noopener' } : {})}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </li>
      </ul>
    </nav>
  );
}
