import { fr } from '../../lib/format/typography';
import { Island } from '../../ui/Island';
import type { Prefs } from '../../schemas/prefs';
import type { SearchHit } from '../../schemas/search-hit';
import { Unavailable } from '../../ui/Apology';
import { AccreditationRequests } from './AccreditationRequests';
import { standingOf } from './journalist-standing';
import { ReadingList } from './ReadingList';
import { AlertsSettings } from '../alerts/AlertsSettings';
import type { AlertsSection } from '../alerts/settings.server';

type Props = {
  /** What the last button pressed without JavaScript did. */
  done: { ok: boolean; text: string } | null;
  /** null: the profile could not be read. */
  prefs: Prefs | null;
  journalist: boolean;
  requests: Parameters<typeof AccreditationRequests>[0]['requests'];
  now: Date;
  favorites: SearchHit[];
  visited: SearchHit[];
  /** The articles' lookup in the search index answered. */
  lookupOk: boolean;
  csrfToken: string;
  openWhatsapp: boolean;
  alerts: AlertsSection;
};

/** /espace-presse: the journalist's profile, requests, reading lists and opt-ins; or why they cannot see them. */
export function PressSpaceView({
  done,
  prefs,
  journalist,
  requests,
  now,
  favorites,
  visited,
  lookupOk,
  csrfToken,
  openWhatsapp,
  alerts,
}: Props) {
  return (
    <div className="container account-page">
      <h1>Espace presse</h1>
      {done ? (
        <p className={done.ok ? 'notice notice--success' : 'notice notice--error'} role={done.ok ? 'status' : 'alert'}>
          {done.text}
        </p>
      ) : null}
      {prefs === null ? (
        <Unavailable what="Votre profil est momentanément indisponible." />
      ) : !journalist ? (
        <Island name="JournalistAccess" props={{ standing: standingOf(prefs), lead: 'Cet espace est réservé aux journalistes.' }} />
      ) : (
        <>
          <section className="press-profile" aria-labelledby="mon-profil">
            <h2 id="mon-profil">Mon profil</h2>
            <dl>
              <dt>Nom</dt>
              <dd>{[prefs.first_name, prefs.last_name].filter(Boolean).join(' ')}</dd>
              <dt>E-mail</dt>
              <dd>{prefs.email}</dd>
              {prefs.journaliste_fonction ? (
                <>
                  <dt>Fonction</dt>
                  <dd>{prefs.journaliste_fonction}</dd>
                </>
              ) : null}
              {prefs.journaliste_media?.nom || prefs.journaliste_media_temporaire ? (
                <>
                  <dt>Média</dt>
                  <dd>{prefs.journaliste_media?.nom || prefs.journaliste_media_temporaire}</dd>
                </>
              ) : null}
              {prefs.journaliste_carte_presse ? (
                <>
                  <dt>Carte de presse</dt>
                  <dd>{prefs.journaliste_carte_presse}</dd>
                </>
              ) : null}
            </dl>
          </section>
          <section aria-labelledby="mes-accreditations">
            <h2 id="mes-accreditations">Mes demandes d’accréditation</h2>
            <AccreditationRequests requests={requests} now={now} />
            <p>
              <a className="button" href="/accreditations">
                Demander une accréditation
              </a>
            </p>
          </section>
          <ReadingList
            id="mes-favoris"
            title="Mes favoris"
            hits={favorites}
            lookup={lookupOk ? 'ok' : 'failed'}
            empty={fr`Vous n’avez pas encore de favori. Ajoutez un article depuis sa page avec « Ajouter aux favoris ».`}
            favorites={{ csrfToken: csrfToken }}
          />
          <ReadingList
            id="contenus-consultes"
            title="Contenus consultés récemment"
            hits={visited}
            lookup={lookupOk ? 'ok' : 'failed'}
            empty="Les articles que vous lisez apparaîtront ici."
          />
          <AlertsSettings section={alerts} csrfToken={csrfToken} />
          <Island
            name="PressOptIns"
            props={{
              mail: !!prefs.journaliste_optin_mail,
              whatsapp: !!prefs.journaliste_optin_whatsapp,
              openWhatsapp: openWhatsapp,
              csrfToken: csrfToken,
              phone: String(prefs.phone_mobile ?? ''),
            }}
          />
        </>
      )}
    </div>
  );
}
