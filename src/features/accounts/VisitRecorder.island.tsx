import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { updatePrefs } from './api';
import { afterVisit, visitedIds } from './reading-list';
import { isJournalist, profileAtom } from './state';

export type VisitRecorderProps = { postId: number };

/**
 * Adds the article to the journalist's visited contents (journaliste_contenus_visites), once per
 * page view. The page itself is cached and anonymous, so this is the browser's job. Renders nothing.
 */
export default function VisitRecorder({ postId }: VisitRecorderProps) {
  const [profile, setProfile] = useAtom(profileAtom);
  const done = useRef(false);

  useEffect(() => {
    if (done.current || profile.status !== 'success' || !isJournalist(profile)) return;
    done.current = true;
    const next = afterVisit(visitedIds(profile.data), postId);
    if (!next) return;
    updatePrefs('contenus_visites', next).then(
      (prefs) => setProfile({ status: 'success', data: prefs }),
      // A lost visit is not worth interrupting the reader for.
      () => console.warn('VISITED_CONTENT_NOT_SAVED'),
    );
  }, [profile, postId, setProfile]);

  return null;
}
