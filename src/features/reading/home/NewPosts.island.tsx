import { useEffect, useState } from 'react';

export type NewPostsProps = { after: string };
type Answer = { total: number; atLeast: boolean; posts: { title: string; link: string }[] };

/** SPEC §9: the lists are polled every 60 000 ms. */
const POLL_MS = 60_000;

function headline({ total, atLeast }: Answer): string {
  const count = atLeast ? `Au moins ${total}` : String(total);
  return total === 1 ? `${count} nouvel article publié depuis votre arrivée` : `${count} nouveaux articles publiés depuis votre arrivée`;
}

/**
 * Tells a reader who keeps the home page open what was published since it was rendered, without
 * reloading it under their eyes. Asks once a minute, only while the tab is visible (a hidden tab
 * costs nothing and catches up as soon as it is shown again).
 */
export default function NewPosts({ after }: NewPostsProps) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [dismissed, setDismissed] = useState(0);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastCheck = Date.now();
    let stopped = false;
    const check = async () => {
      lastCheck = Date.now();
      try {
        const res = await fetch(`/api/posts?${new URLSearchParams({ after })}`, { headers: { accept: 'application/json' } });
        if (!res.ok) return;
        const body = (await res.json()) as Partial<Answer>;
        if (typeof body.total === 'number' && Array.isArray(body.posts)) setAnswer(body as Answer);
      } catch {
        // Offline for a moment: the next minute asks again.
      }
    };
    const schedule = () => {
      clearTimeout(timer);
      if (stopped || document.visibilityState !== 'visible') return;
      timer = setTimeout(() => void check().then(schedule), Math.max(0, POLL_MS - (Date.now() - lastCheck)));
    };
    document.addEventListener('visibilitychange', schedule);
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', schedule);
    };
  }, [after]);

  const shown = answer && answer.total > dismissed ? answer : null;
  return (
    <div className="new-posts" role="status">
      {shown ? (
        <div className="new-posts__bar">
          <p className="new-posts__title">{headline(shown)}</p>
          <ul className="new-posts__list">
            {shown.posts.map((p) => (
              <li key={p.link}>
                <a href={p.link}>{p.title}</a>
              </li>
            ))}
          </ul>
          <div className="new-posts__actions">
            <button type="button" className="button button--small" onClick={() => location.reload()}>
              Actualiser la page
            </button>
            <button type="button" className="button button--small new-posts__hide" onClick={() => setDismissed(shown.total)}>
              Masquer
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
