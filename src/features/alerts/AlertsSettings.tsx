import { formatDateTime } from '../../lib/format/date';
import { Unavailable } from '../../ui/Apology';
import type { AlertsSection } from './settings.server';
import type { Choice } from './topics';

type Props = { section: AlertsSection; csrfToken: string };

/**
 * « Mes alertes »: a plain form (POST /espace-presse), the same with or without JavaScript. Each
 * group is a fieldset with its legend, so that a screen reader says which group a box belongs to.
 */
export function AlertsSettings({ section, csrfToken }: Props) {
  return (
    <section className="press-alerts" aria-labelledby="mes-alertes">
      <h2 id="mes-alertes">Mes alertes</h2>
      {section.state === 'unavailable' ? (
        <Unavailable what="Vos alertes sont momentanément indisponibles." />
      ) : section.state === 'needs-consent' ? (
        <p className="account-page__help">
          Pour recevoir une alerte par e-mail quand une équipe ou un sujet que vous suivez publie, acceptez d’abord les e-mails du service
          de presse dans «{'\u00a0'}Mes abonnements{'\u00a0'}» ci-dessous.
        </p>
      ) : (
        <AlertsForm section={section} csrfToken={csrfToken} />
      )}
    </section>
  );
}

function AlertsForm({ section, csrfToken }: { section: Extract<AlertsSection, { state: 'ready' }>; csrfToken: string }) {
  const { catalogue, subscriber } = section;
  const followed = new Set<string>(subscriber?.topics ?? []);
  const frequency = subscriber?.frequency ?? 'immediate';
  const boxes = (choices: Choice[]) =>
    choices.map((choice) => (
      <label key={choice.topic} className="press-alerts__choice">
        <input type="checkbox" name="suivi" value={choice.topic} defaultChecked={followed.has(choice.topic)} /> {choice.label}
      </label>
    ));
  return (
    <>
      {subscriber?.suspendedAt ? (
        <p className="notice notice--error" role="alert">
          {`Votre messagerie a refusé nos e-mails à l’adresse ${subscriber.email} le ${formatDateTime(new Date(subscriber.suspendedAt))}\u00a0: vos alertes sont suspendues. Vérifiez cette adresse dans votre compte FFR, puis enregistrez de nouveau vos alertes pour les reprendre.`}
        </p>
      ) : null}
      <p className="account-page__help">
        Recevez un e-mail dès qu’un article vous concernant est publié. Vous pouvez vous désabonner à tout moment, depuis cette page ou en
        un clic depuis chaque e-mail.
      </p>
      <form method="post" action="/espace-presse" className="press-alerts__form">
        <input type="hidden" name="action" value="alertes" />
        <input type="hidden" name="csrfToken" value={csrfToken} />
        {catalogue.teams.length > 0 ? (
          <fieldset>
            <legend>Équipes de France</legend>
            {boxes(catalogue.teams)}
          </fieldset>
        ) : null}
        <fieldset>
          <legend>Rubriques</legend>
          {boxes(catalogue.categories)}
        </fieldset>
        <fieldset>
          <legend>Accréditations et tout le reste</legend>
          {boxes([
            { topic: 'accreditations', label: 'Ouverture des accréditations, et rappel 48\u00a0h avant la clôture' },
            { topic: 'all', label: 'Toute l’actualité' },
          ])}
        </fieldset>
        <fieldset>
          <legend>Quand</legend>
          <label className="press-alerts__choice">
            <input type="radio" name="frequence" value="immediate" defaultChecked={frequency === 'immediate'} /> Dès la publication
          </label>
          <label className="press-alerts__choice">
            <input type="radio" name="frequence" value="digest" defaultChecked={frequency === 'digest'} /> Chaque matin à 7{'\u00a0'}h, en
            une sélection
          </label>
        </fieldset>
        <button type="submit" className="button">
          Enregistrer mes alertes
        </button>
      </form>
    </>
  );
}
