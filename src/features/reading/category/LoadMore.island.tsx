import { useEffect, useRef, useState } from 'react';

export type LoadMoreProps = { nextHref: string | null; listId: string; page: number };

/** What the history entry remembers of a list grown with « Voir plus »: the pages shown and the scroll. */
export type ListHistory = { path: string; first: number; last: number; scrollY: number };
type HistoryState = { ffrList?: ListHistory } | null;

const pageUrl = (n: number) => {
  const url = new URL(window.location.href);
  if (n <= 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(n));
  return `${url.pathname}${url.search}`;
};

async function fetchPage(href: string): Promise<Document> {
  const res = await fetch(href, { headers: { accept: 'text/html' } });
  if (!res.ok) throw new Error(String(res.status));
  return new DOMParser().parseFromString(await res.text(), 'text/html');
}

/** The server-rendered parts that say which page this is: they follow the pages shown. */
function adoptPageMarkers(doc: Document) {
  for (const selector of ['nav.pagination', '.category-head__count']) {
    const fresh = doc.querySelector(selector);
    const current = document.querySelector(selector);
    if (fresh && current) current.replaceWith(document.importNode(fresh, true));
  }
}

/**
 * « Voir plus »: without JavaScript, a link to the next page. With it, the next page's HTML (cached
 * at the edge like any page) is fetched and its cards appended here, so no extra API exists. The
 * address becomes the page reached (?page=N) and the history entry remembers the pages shown and
 * the scroll position, so Back from an article finds the list as it was left.
 */
export default function LoadMore({ nextHref, listId, page }: LoadMoreProps) {
  const [next, setNext] = useState(nextHref);
  const [state, setState] = useState<'idle' | 'loading' | 'failure'>('idle');
  const first = useRef(page);

  const remember = (patch: Partial<ListHistory>) => {
    const previous = (history.state as HistoryState)?.ffrList;
    const list: ListHistory = {
      path: window.location.pathname,
      first: first.current,
      last: page,
      scrollY: window.scrollY,
      ...previous,
      ...patch,
    };
    history.replaceState({ ...(history.state as object | null), ffrList: list }, '', pageUrl(list.last));
  };

  // Coming back to a list that had grown: the pages before this one are fetched again (from the
  // edge cache), then the reader is put back where they were.
  useEffect(() => {
    const saved = (history.state as HistoryState)?.ffrList;
    if (!saved || saved.path !== window.location.pathname || saved.last !== page) return;
    history.scrollRestoration = 'manual';
    first.current = saved.first;
    const target = document.getElementById(listId);
    (async () => {
      if (saved.first < page && target) {
        const pages = await Promise.all(Array.from({ length: page - saved.first }, (_, i) => fetchPage(pageUrl(saved.first + i))));
        const cards = pages.flatMap((doc) =>
          Array.from(doc.getElementById(listId)?.children ?? [], (node) => document.importNode(node, true)),
        );
        const firstCard = target.firstChild;
        for (const card of cards) target.insertBefore(card, firstCard);
      }
      window.scrollTo(0, saved.scrollY);
    })().catch(() => window.scrollTo(0, saved.scrollY));
  }, [listId, page]);

  // The scroll position is kept when the reader leaves, by a link or otherwise.
  useEffect(() => {
    const save = () => {
      if ((history.state as HistoryState)?.ffrList) remember({ scrollY: window.scrollY });
    };
    const onClick = (e: MouseEvent) => (e.target as Element | null)?.closest?.('a[href]') && save();
    addEventListener('pagehide', save);
    document.addEventListener('click', onClick, true);
    return () => {
      removeEventListener('pagehide', save);
      document.removeEventListener('click', onClick, true);
    };
  });

  if (!next) return null;

  const load = async (e: React.MouseEvent) => {
    e.preventDefault();
    setState('loading');
    try {
      const doc = await fetchPage(next);
      const target = document.getElementById(listId);
      const cards = doc.getElementById(listId)?.children;
      if (!target || !cards) throw new Error('liste introuvable');
      const added = Array.from(cards, (node) => document.importNode(node, true) as Element);
      for (const node of added) target.appendChild(node);
      // Keyboard users land on the first new card instead of the end of the list.
      added[0]?.querySelector<HTMLElement>('.card__title a')?.focus();
      adoptPageMarkers(doc);
      const reached = Number(new URL(next, window.location.href).searchParams.get('page')) || page + 1;
      history.scrollRestoration = 'manual';
      remember({ last: reached });
      setNext(doc.querySelector<HTMLAnchorElement>('[data-next-page]')?.getAttribute('href') ?? null);
      setState('idle');
    } catch {
      setState('failure');
    }
  };

  // Pressed before the island is live (a quick tap on a phone), the link waits for it rather than
  // leave for the next page alone (client/main.tsx, `data-replay-press`).
  return (
    <p className="load-more">
      <a className="button button--ghost" href={next} onClick={load} aria-busy={state === 'loading'} data-replay-press="">
        {state === 'loading' ? 'Chargement…' : 'Voir plus'}
      </a>
      {state === 'failure' ? <span role="alert"> Le chargement a échoué. Réessayez.</span> : null}
    </p>
  );
}
