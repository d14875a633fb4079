import { useAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { formatDate } from '../lib/format/date';
import { Highlight } from '../search/highlight';
import { latestPosts, searchPosts, type LiveHit, type LiveSearchConfig } from '../search/live-client';
import { cleanQuery, STORIES_IN_PANEL } from '../search/params';
import { searchOpenAtom } from '../state/ui';

export type SearchBoxProps = {
  search: LiveSearchConfig;
  stories: Array<{ id: string; title: string; image: string; url: string }>;
};

const DEBOUNCE_MS = 150;

/**
 * The header's search. Server HTML is a plain form to /recherche; hydrated, it opens a panel with
 * live hits as the reader types (debounced, late answers dropped), the latest news and, with an
 * empty box, « Recherches du moment ».
 */
export default function SearchBox({ search, stories }: SearchBoxProps) {
  const [open, setOpen] = useAtom(searchOpenAtom);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<LiveHit[] | null>(null);
  const [total, setTotal] = useState(0);
  const [latest, setLatest] = useState<LiveHit[]>([]);
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState(-1);
  const seq = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  // A fixed id, not useId(): the island's root on the client is not the server's whole page, so
  // generated ids differ and the server's aria-controls would point at no list. One box a page.
  const id = 'recherche-rapide';
  const listId = `${id}-hits`;

  // The page behind is inert while the panel is open (clicks and focus stay in the search).
  useEffect(() => {
    for (const el of document.querySelectorAll<HTMLElement>('main, footer, .partners, .accreditation-banner, .topbar')) el.inert = open;
    document.documentElement.classList.toggle('is-search-open', open);
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        input.current?.blur();
      }
    };
    window.addEventListener('keydown', onKey);
    if (!latest.length) latestPosts(search).then((r) => setLatest(r.hits), () => setFailed(true));
    return () => window.removeEventListener('keydown', onKey);
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const q = cleanQuery(query);
    const mine = ++seq.current;
    setActive(-1);
    if (!q) {
      setHits(null);
      return;
    }
    const timer = setTimeout(() => {
      searchPosts(search, q).then(
        (r) => {
          if (mine !== seq.current) return; // a later keystroke already asked again
          setHits(r.hits);
          setTotal(r.nbHits);
          setFailed(false);
        },
        () => mine === seq.current && setFailed(true),
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, search]);

  const resultsHref = `/recherche?${new URLSearchParams({ query: cleanQuery(query) })}`;
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    const n = hits?.length ?? 0;
    if (e.key === 'ArrowDown' && n) {
      e.preventDefault();
      setActive((a) => (a + 1) % n);
    } else if (e.key === 'ArrowUp' && n) {
      e.preventDefault();
      setActive((a) => (a <= 0 ? n - 1 : a - 1));
    } else if (e.key === 'Enter' && hits && active >= 0 && hits[active]) {
      e.preventDefault();
      window.location.assign(hits[active].url);
    }
  };

  const featured = stories.slice(0, STORIES_IN_PANEL);
  return (
    <>
      <button type="button" className="header__search-toggle icon-button" aria-label="Rechercher" aria-expanded={open} onClick={() => { setOpen(true); setTimeout(() => input.current?.focus(), 0); }}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <form className={open ? 'header__search is-open' : 'header__search'} action="/recherche" method="get" role="search" aria-label="Recherche rapide">
        <label className="visually-hidden" htmlFor={`${id}-q`}>
          Rechercher
        </label>
        <input
          ref={input}
          id={`${id}-q`}
          type="search"
          name="query"
          placeholder="Que recherchez-vous ?"
          autoComplete="off"
          maxLength={500}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-expanded={open && !!hits?.length}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        />
        <button type="submit" className="icon-button" aria-label="Lancer la recherche">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        {open ? (
          <button type="button" className="header__search-close" onClick={() => setOpen(false)}>
            Fermer
          </button>
        ) : null}
      </form>
      {open ? <div className="search-overlay" onClick={() => setOpen(false)} aria-hidden="true" /> : null}
      {open ? (
        <div className="search-panel">
          {hits !== null ? (
            <section aria-label="Résultats">
              {hits.length ? (
                <>
                  <ul id={listId} role="listbox" aria-label="Suggestions" className="search-panel__hits">
                    {hits.map((hit, i) => (
                      // The link is the option itself: an option may not hold an interactive element.
                      <li key={hit.objectID} role="none">
                        <a href={hit.url} tabIndex={-1} id={`${listId}-${i}`} role="option" aria-selected={i === active} className={i === active ? 'is-active' : undefined}>
                          <span className="search-panel__title">
                            <Highlight value={hit.highlighted} />
                          </span>
                          {hit.date ? <span className="search-panel__date">{formatDate(hit.date)}</span> : null}
                        </a>
                      </li>
                    ))}
                  </ul>
                  <p className="search-panel__all">
                    <a href={resultsHref}>{total > 1 ? `Voir les ${total.toLocaleString('fr-FR')} résultats` : 'Voir le résultat'}</a>
                  </p>
                </>
              ) : (
                <p className="search-panel__empty">Aucun résultat pour « {cleanQuery(query)} ».</p>
              )}
            </section>
          ) : featured.length ? (
            <section aria-labelledby={`${id}-stories`}>
              <h2 id={`${id}-stories`} className="search-panel__heading">
                Recherches du moment
              </h2>
              <ul className="search-panel__stories">
                {featured.map((story) => (
                  <li key={story.id} data-story-id={story.id}>
                    <a href={story.url}>
                      {story.image ? <img src={story.image} alt="" width={96} height={128} loading="lazy" /> : null}
                      <span>{story.title}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {latest.length ? (
            <section aria-labelledby={`${id}-latest`}>
              <h2 id={`${id}-latest`} className="search-panel__heading">
                Dernières actualités
              </h2>
              <ul className="search-panel__latest">
                {latest.map((post) => (
                  <li key={post.objectID}>
                    <a href={post.url}>
                      {post.title}
                      {post.date ? <span className="search-panel__date">{formatDate(post.date)}</span> : null}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {failed ? <p className="search-panel__empty">La recherche est momentanément indisponible.</p> : null}
        </div>
      ) : null}
    </>
  );
}
