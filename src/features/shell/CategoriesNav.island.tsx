import { useLayoutEffect, useRef, useState } from 'react';
import { menuColumns, type NavLink } from '../../lib/links';
import { useDisclosures } from './disclosures';

export type CategoriesNavProps = { items: NavLink[] };

const MORE_ID = 'categories-plus';
const linkProps = (l: NavLink) => (l.external ? { target: '_blank', rel: 'noopener' } : {});

function SubMenu({ item, id, open }: { item: NavLink; id: string; open: boolean }) {
  return (
    <div className="submenu" id={id} hidden={!open}>
      {/* The category's own page: its name is the button that opens this panel. */}
      <a
        className="submenu__all"
        href={item.href}
        data-track="navigation"
        data-track-category="menu"
        data-track-name={item.label}
        {...linkProps(item)}
      >
        Tout voir
      </a>
      <div className="submenu__columns">
        {menuColumns(item.children).map((column, i) => (
          <ul key={i}>
            {column.map((child) => (
              <li key={child.id}>
                <a href={child.href} data-track="navigation" data-track-category="menu" {...linkProps(child)}>
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
 * The desktop categories menu (≥ 1000 px). The CSS lays it out before any script runs: one row of
 * fixed height where the items that do not fit wrap onto a clipped second line, with room kept
 * for « Plus ». Hydrated, this only reads which items wrapped, hides them (still in place, so
 * nothing moves) and lists them in « Plus ». Without JavaScript the list simply wraps.
 * Items with a sub-menu are disclosure buttons (disclosures.ts); without script they stay links.
 */
export default function CategoriesNav({ items }: CategoriesNavProps) {
  const nav = useRef<HTMLElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // Indexes of the items on the clipped line; null until measured (the server's HTML).
  const [overflow, setOverflow] = useState<number[] | null>(null);
  const menus = useDisclosures(nav);

  useLayoutEffect(() => {
    const ul = list.current;
    if (!ul) return;
    const measure = () => {
      if (ul.clientWidth === 0) return; // hidden (mobile): nothing to decide
      const lis = [...ul.querySelectorAll<HTMLLIElement>(':scope > li[data-index]')];
      const top = lis[0]?.offsetTop ?? 0;
      const wrapped = lis.filter((li) => li.offsetTop > top).map((li) => Number(li.dataset.index));
      setOverflow((previous) => (previous && previous.join() === wrapped.join() ? previous : wrapped));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(ul);
    return () => observer.disconnect();
  }, [items.length]);

  const hidden = new Set(overflow ?? []);
  const { openId } = menus;
  // An item that has just moved into « Plus » cannot keep its sub-menu open.
  useLayoutEffect(() => {
    if (openId && openId !== MORE_ID && items.some((item, i) => hidden.has(i) && `sous-menu-${item.id}` === openId)) menus.close();
  });

  return (
    <nav ref={nav} className={overflow === null ? 'header__nav' : 'header__nav is-measured'} aria-label="Catégories">
      <ul ref={list} className="header__nav-list">
        {items.map((item, i) => {
          const panelId = `sous-menu-${item.id}`;
          const parent = item.children.length > 0;
          return (
            <li
              key={item.id}
              data-index={i}
              className={parent ? 'has-submenu' : undefined}
              hidden={hidden.has(i)}
              {...(parent ? menus.item(panelId) : {})}
            >
              <a className="header__nav-link" href={item.href} data-track="navigation" data-track-category="menu" {...linkProps(item)}>
                {item.label}
              </a>
              {parent ? (
                <>
                  <button type="button" className="header__nav-toggle" id={`categorie-${item.id}`} {...menus.button(panelId)}>
                    {item.label}
                  </button>
                  <SubMenu item={item} id={panelId} open={openId === panelId} />
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="nav-more" hidden={overflow !== null && overflow.length === 0}>
        <button type="button" className="nav-more__toggle" {...menus.button(MORE_ID)}>
          Plus
        </button>
        <ul className="nav-more__list" id={MORE_ID} hidden={openId !== MORE_ID}>
          {items
            .filter((_, i) => hidden.has(i))
            .map((item) => (
              <li key={item.id}>
                <a href={item.href} data-track="navigation" data-track-category="menu" {...linkProps(item)}>
                  {item.label}
                </a>
              </li>
            ))}
        </ul>
      </div>
    </nav>
  );
}
