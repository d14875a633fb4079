import { useAtom } from 'jotai';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLive } from '../../ui/use-live';
import { latestPosts, searchLive, type LiveHit, type LivePlayer, type LiveSearchConfig } from './live-client';
import { cleanQuery, STORIES_IN_PANEL } from '../../schemas/search-request';
import { searchOpenAtom } from '../../state/ui';

export type SearchBoxProps = {
  search: LiveSearchConfig;
  stories: Array<{ id: string; title: string; image: string; url: string }>;
};

// The panel's contents are fetched when it first opens (SearchPanel.tsx).
const SearchPanel = lazy(() => import('./SearchPanel'));

const DEBOUNCE_MS = 150;
/**
 * What the history entry keeps of the box when the reader leaves through it (a live result, a link
 * of the panel, the search itself): the words typed, as `ffrSearch` beside whatever else the entry
 * holds (LoadMore's `ffrList`). Back to this entry, the panel reopens with them (below).
 */
const remember = (words: string) => history.replaceState({ ...(history.state as object | null), ffrSearch: words }, '');
const NBSP = '\u00a0';
// What the open panel makes inert behind it (the header stays live: the box is in it).
const BEHIND = 'main, footer, .partners, .accreditation-banner, .topbar';

/**
 * The header's search. Server HTML is a plain form to /recherche; hydrated, it opens a panel with
 * live hits as the reader types (debounced, late answers dropped), the players who match above them,
 * « Vouliez-vous dire … ? » when Algolia had to correct the words, the latest news and, with an
 * empty box, « Recherches du moment ».
 *
 * The box is a WAI-ARIA APG combobox: focus never leaves it; the arrows move a highlight
 * (aria-activedescendant) through every link of the panel, each section a listbox of its own;
 * Enter follows it; Escape closes the panel keeping the text, a second Escape clears the text;
 * Tab closes the panel and moves on as usual. The page behind is inert only while the panel is
 * open, and never the part that holds focus.
 */
export default function SearchBox({ search, stories }: SearchBoxProps) {
  const live = useLive();
  const [open, setOpen] = useAtom(searchOpenAtom);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<LiveHit[] | null>(null);
  const [total, setTotal] = useState(0);
  const [players, setPlayers] = useState<LivePlayer[]>([]);
  const [correction, setCorrection] = useState<string | null>(null);
  const [latest, setLatest] = useState<LiveHit[]>([]);
  const [failed, setFailed] = useState(false);
  // The words the hits shown answer: until the answer to the words in the box comes, the panel is
  // busy (aria-busy) and still shows the previous hits rather than flicker.
  const [answered, setAnswered] = useState('');
  const [active, setActive] = useState(-1);
  // The panel's lists exist once its chunk has arrived: till then the box names none of them
  // (aria-controls and aria-activedescendant must point at elements that are there).
  const [panelShown, setPanelShown] = useState(false);
  const seq = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Fixed ids, not useId(): the island's root on the client is not the server's whole page, so
  // generated ids differ and the server's aria-controls would point at no list. One box a page.
  const id = 'recherche-rapide';
  const listId = `${id}-hits`;

  // Under 1000 px the box lives in a layer opened by the search button: closing it hides the box,
  // so focus goes back to that button.
  const layered = () => !!toggle.current && getComputedStyle(toggle.current).display !== 'none';
  const close = useCallback(
    (focusBack: boolean) => {
      setOpen(false);
      setActive(-1);
      if (focusBack && layered()) toggle.current?.focus();
    },
    [setOpen],
  );

  // Back (or Forward) to a page left through the panel: the box holds the words again and the panel
  // is open with their results, as the reader left it — that is the list they were choosing from,
  // and on a phone the box only shows with its panel. The page is sent no-store, so the browser
  // loads it again rather than keeping it in the back/forward cache: the words come from the
  // history entry (written when the reader left, `remember`) and the load's navigation type. Read
  // once: after that the entry forgets them, so neither a reload nor a later return brings back
  // words the reader has since cleared. Were the page ever restored from the back/forward cache,
  // it would come back exactly as left — the same thing — and the entry forgets them then too.
  useEffect(() => {
    const forget = () => {
      const { ffrSearch, ...rest } = (history.state as Record<string, unknown> | null) ?? {};
      if (ffrSearch !== undefined) history.replaceState(Object.keys(rest).length ? rest : null, '');
      return ffrSearch;
    };
    const saved = forget();
    const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (typeof saved === 'string' && cleanQuery(saved) && (!navigation || navigation.type === 'back_forward')) {
      setQuery(saved);
      setOpen(true);
      setTimeout(() => input.current?.focus(), 0);
    }
    const onPageShow = (e: PageTransitionEvent) => e.persisted && forget();
    addEventListener('pageshow', onPageShow);
    return () => removeEventListener('pageshow', onPageShow);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useLayoutEffect(() => {
    if (!open) return setPanelShown(false);
    const focused = document.activeElement;
    const behind = [...document.querySelectorAll<HTMLElement>(BEHIND)].filter((el) => !el.contains(focused));
    for (const el of behind) el.inert = true;
    document.documentElement.classList.add('is-search-open');
    return () => {
      for (const el of behind) el.inert = false;
      document.documentElement.classList.remove('is-search-open');
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const ours = (node: EventTarget | null) =>
      node instanceof Node && [form.current, panel.current, toggle.current].some((el) => el?.contains(node));
    // Focus that lands anywhere else (a click, a Tab from the panel's last stop) closes the panel.
    const onFocusIn = (e: FocusEvent) => !ours(e.target) && close(false);
    document.addEventListener('focusin', onFocusIn);
    if (!latest.length)
      latestPosts(search).then(
        (r) => setLatest(r.hits),
        () => setFailed(true),
      );
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const q = cleanQuery(query);
    const mine = ++seq.current;
    setActive(-1);
    if (!q) {
      setAnswered('');
      setHits(null);
      setPlayers([]);
      setCorrection(null);
      return;
    }
    const timer = setTimeout(() => {
      searchLive(search, q).then(
        (r) => {
          if (mine !== seq.current) return; // a later keystroke already asked again
          setAnswered(q);
          setHits(r.hits);
          setTotal(r.nbHits);
          setPlayers(r.players);
          setCorrection(r.correction);
          setFailed(false);
        },
        () => {
          if (mine !== seq.current) return;
          setAnswered(q);
          setFailed(true);
        },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, search]);

  const featured = stories.slice(0, STORIES_IN_PANEL);
  // The players and the correction belong to the words typed: none with the empty box's suggestions.
  const shownPlayers = hits !== null ? players : [];
  const shownCorrection = hits !== null ? correction : null;
  const correctionHref = shownCorrection ? `/recherche?${new URLSearchParams({ query: shownCorrection })}` : '';
  // Every option of the panel in reading order: the arrows go through them all.
  const options: Array<{ id: string; href: string }> = open
    ? [
        ...(shownCorrection ? [{ id: `${id}-correction-0`, href: correctionHref }] : []),
        ...shownPlayers.map((player, i) => ({ id: `${id}-players-${i}`, href: player.url })),
        ...(hits ?? []).map((hit, i) => ({ id: `${listId}-${i}`, href: hit.url })),
        ...(hits === null ? featured.map((story, i) => ({ id: `${id}-stories-${i}`, href: story.url })) : []),
        ...latest.map((post, i) => ({ id: `${id}-latest-${i}`, href: post.url })),
      ]
    : [];
  const activeId = options[active]?.id;
  const listboxes = open
    ? [
        shownCorrection ? `${id}-correction` : '',
        shownPlayers.length ? `${id}-players` : '',
        hits?.length ? listId : '',
        hits === null && featured.length ? `${id}-stories` : '',
        latest.length ? `${id}-latest` : '',
      ].filter(Boolean)
    : [];

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const words = cleanQuery(query);
  const resultsHref = `/recherche?${new URLSearchParams({ query: words })}`;
  const onKeyDown = (e: React.KeyboardEvent<HTMLFormElement>) => {
    const inBox = e.target === input.current;
    const n = options.length;
    if (e.key === 'Escape') {
      // Never the browser's own Escape on a search field: it would erase the text.
      e.preventDefault();
      if (open) close(true);
      else if (inBox && query) setQuery('');
      return;
    }
    if (!inBox) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(true);
      if (!n) return;
      setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % n : a <= 0 ? n - 1 : a - 1));
    } else if (e.key === 'Enter' && open && options[active]) {
      e.preventDefault();
      remember(query);
      window.location.assign(options[active].href);
    } else if (e.key === 'Tab' && open && !layered()) {
      close(false); // and focus moves on: no preventDefault
    }
  };

  const highlight = (optionId: string) => ({ id: optionId, role: 'option', 'aria-selected': optionId === activeId, tabIndex: -1 });
  const glass = (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
  return (
    <>
      {/* On a phone the box opens from this button; until the island is live (or without
          JavaScript) it is a link to the search page, whose box works as a plain form. */}
      {live ? (
        <button
          ref={toggle}
          type="button"
          className="header__search-toggle icon-button"
          aria-label="Rechercher"
          aria-expanded={open}
          onClick={() => {
            setOpen(true);
            setTimeout(() => input.current?.focus(), 0);
          }}
        >
          {glass}
        </button>
      ) : (
        <a className="header__search-toggle icon-button" href="/recherche" aria-label="Rechercher">
          {glass}
        </a>
      )}
      <form
        ref={form}
        className={open ? 'header__search is-open' : 'header__search'}
        action="/recherche"
        method="get"
        role="search"
        aria-label="Recherche rapide"
        onKeyDown={onKeyDown}
        onSubmit={() => remember(query)}
      >
        <label className="visually-hidden" htmlFor={`${id}-q`}>
          Rechercher
        </label>
        <input
          ref={input}
          id={`${id}-q`}
          type="search"
          name="query"
          placeholder={`Que recherchez-vous${NBSP}?`}
          autoComplete="off"
          maxLength={500}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          role="combobox"
          aria-expanded={panelShown && options.length > 0}
          aria-controls={panelShown && listboxes.length ? listboxes.join(' ') : listId}
          aria-autocomplete="list"
          aria-activedescendant={panelShown ? activeId : undefined}
        />
        <button type="submit" className="icon-button" aria-label="Lancer la recherche">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        {open ? (
          <button type="button" className="header__search-close" onClick={() => close(true)}>
            Fermer
          </button>
        ) : null}
      </form>
      {open ? <div className="search-overlay" onClick={() => close(false)} aria-hidden="true" /> : null}
      {open ? (
        <div
          className="search-panel"
          ref={panel}
          aria-busy={(words !== '' && words !== answered) || undefined}
          onClickCapture={(e) => (e.target as Element).closest?.('a[href]') && remember(query)}
        >
          <Suspense fallback={null}>
            <SearchPanel
              id={id}
              listId={listId}
              query={query}
              hits={hits}
              correction={shownCorrection ? { words: shownCorrection, href: correctionHref } : null}
              total={total}
              shownPlayers={shownPlayers}
              featured={featured}
              latest={latest}
              resultsHref={resultsHref}
              highlight={highlight}
              onShown={() => setPanelShown(true)}
            />
          </Suspense>
          {failed ? <p className="search-panel__empty">La recherche est momentanément indisponible.</p> : null}
        </div>
      ) : null}
    </>
  );
}
