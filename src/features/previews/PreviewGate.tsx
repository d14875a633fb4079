import { signInPath } from '../../auth/callback-url';

// What a reader meets at an embargo or preview link they may not (or no longer) open. Only a link
// whose signature holds gets here: anything else is the ordinary « page introuvable ».

export type GateReason = 'sign-in' | 'journalist' | 'expired' | 'limited';

const NBSP = '\u00a0';

export const GATE_STATUS = { 'sign-in': 401, journalist: 403, expired: 410, limited: 429 } as const;

export const GATE_TITLES: Record<GateReason, string> = {
  'sign-in': 'Contenu sous embargo',
  journalist: 'Contenu réservé aux journalistes',
  expired: 'Ce lien a expiré',
  limited: 'Trop de demandes',
};

/** `address`: the link itself, where signing in comes back to. */
export function PreviewGate({ reason, address }: { reason: GateReason; address: string }) {
  return (
    <article className="container page-message">
      <h1>{GATE_TITLES[reason]}</h1>
      {reason === 'sign-in' ? (
        <>
          <p>Ce contenu est réservé aux journalistes, avant sa publication. Connectez-vous à votre compte FFR pour le lire.</p>
          <p className="page-message__actions">
            <a className="button" href={signInPath(address)}>
              Se connecter
            </a>
          </p>
        </>
      ) : reason === 'journalist' ? (
        <>
          <p>{`Votre compte FFR n’a pas le statut de journaliste${NBSP}: ce contenu sous embargo ne vous est pas ouvert. Vous pouvez demander ce statut depuis votre espace presse.`}</p>
          <p className="page-message__actions">
            <a className="button" href="/espace-presse">
              Mon espace presse
            </a>
          </p>
        </>
      ) : reason === 'expired' ? (
        <>
          <p>Le lien qui vous a été transmis n’est plus valable. Demandez-en un nouveau au service de presse.</p>
          <p className="page-message__actions">
            <a className="button" href="/contact">
              Contacter le service de presse
            </a>
          </p>
        </>
      ) : (
        <p>Trop de demandes en peu de temps depuis votre connexion. Merci de réessayer dans une minute.</p>
      )}
    </article>
  );
}
