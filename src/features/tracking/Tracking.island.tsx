import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { sessionAtom } from '../accounts/state';
import { loadTagManager, push, readConsent, saveConsent, trackClicks, type PageContext } from './data-layer';
import { fr } from '../../lib/format/typography';

export type TrackingProps = {
  containerId: string | null;
  page: PageContext;
};

/**
 * Data-layer events on every page, and the consent banner (CNIL: refusing is as easy as
 * accepting, the choice is remembered, nothing is loaded before a yes). Without a configured
 * container there is nothing to consent to, so no banner.
 */
export default function Tracking({ containerId, page }: TrackingProps) {
  const session = useAtomValue(sessionAtom);
  const [asking, setAsking] = useState(false);
  const [customising, setCustomising] = useState(false);
  const [audience, setAudience] = useState(false);

  // content-loaded waits for the session, so that it carries who is reading.
  useEffect(() => {
    if (session.status === 'loading') return;
    const signedIn = session.status === 'authenticated';
    push({
      event: 'content-loaded',
      userId: signedIn ? session.data.user.id : '',
      loginStatus: signedIn ? 'connecte' : 'non-connecte',
      ...page,
    });
  }, [session.status]); // eslint-disable-line react-hooks/exhaustive-deps -- once the session is known

  useEffect(() => {
    const stop = trackClicks();
    if (containerId) {
      const consent = readConsent();
      if (!consent) setAsking(true);
      else if (consent.audience) loadTagManager(containerId);
    }
    const reopen = () => setAsking(true);
    window.addEventListener('ffr:consent', reopen);
    return () => {
      stop();
      window.removeEventListener('ffr:consent', reopen);
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per page

  const decide = (yes: boolean) => {
    saveConsent(yes);
    setAsking(false);
    setCustomising(false);
    if (yes && containerId) loadTagManager(containerId);
  };

  if (!asking || !containerId) return null;
  return (
    <section className="consent" role="dialog" aria-modal="false" aria-labelledby="consent-title">
      <h2 id="consent-title">Vos choix en matière de cookies</h2>
      <p>{fr`Avec votre accord, nous mesurons l’audience du site pour l’améliorer. Vous pouvez accepter, refuser ou choisir, et changer d’avis à tout moment depuis le lien « Gestion des cookies » en bas de page.`}</p>
      {customising ? (
        <fieldset className="consent__choices">
          <legend className="visually-hidden">Finalités</legend>
          <label>
            <input type="checkbox" checked disabled /> Cookies nécessaires au fonctionnement du site (toujours actifs)
          </label>
          <label>
            <input type="checkbox" checked={audience} onChange={(e) => setAudience(e.target.checked)} /> Mesure d’audience
          </label>
        </fieldset>
      ) : null}
      <div className="consent__actions">
        <button type="button" className="button" onClick={() => decide(true)}>
          Tout accepter
        </button>
        <button type="button" className="button" onClick={() => decide(false)}>
          Tout refuser
        </button>
        {customising ? (
          <button type="button" className="button button--ghost" onClick={() => decide(audience)}>
            Enregistrer mes choix
          </button>
        ) : (
          <button type="button" className="button button--ghost" onClick={() => setCustomising(true)}>
            Personnaliser
          </button>
        )}
      </div>
    </section>
  );
}
