import { useState } from 'react';

export type LoadMoreProps = { nextHref: string | null; listId: string };

/**
 * « Voir plus »: without JavaScript, a link to the next page. With it, the next page's HTML (cached
 * at the edge like any page) is fetched and its cards appended here, so no extra API exists.
 */
export default function LoadMore({ nextHref, listId }: LoadMoreProps) {
  const [next, setNext] = useState(nextHref);
  const [state, setState] = useState<'idle' | 'loading' | 'failure'>('idle');
  if (!next) return null;

  const load = async (e: React.MouseEvent) => {
    e.preventDefault();
    setState('loading');
    try {
      const res = await fetch(next, { headers: { accept: 'text/html' } });
      if (!res.ok) throw new Error(String(res.status));
      const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
      const target = document.getElementById(listId);
      const cards = doc.getElementById(listId)?.children;
      if (!target || !cards) throw new Error('liste introuvable');
      const added = Array.from(cards, (node) => document.importNode(node, true) as Element);
      for (const node of added) target.appendChild(node);
      // Keyboard users land on the first new card instead of the end of the list.
      added[0]?.querySelector<HTMLElement>('.card__title a')?.focus();
      setNext(doc.querySelector<HTMLAnchorElement>('[data-next-page]')?.getAttribute('href') ?? null);
      setState('idle');
    } catch {
      setState('failure');
    }
  };

  return (
    <p className="load-more">
      <a className="button button--ghost" href={next} onClick={load} aria-busy={state === 'loading'}>
        {state === 'loading' ? 'Chargement…' : 'Voir plus'}
      </a>
      {state === 'failure' ? <span role="alert"> Le chargement a échoué. Réessayez.</span> : null}
    </p>
  );
}
