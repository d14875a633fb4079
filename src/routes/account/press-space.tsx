import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { standingOf } from '../../features/accounts/journalist-standing';
import { favoriteIds, visitedIds } from '../../features/accounts/reading-list';
import { ReadingList } from '../../features/accounts/ReadingList';
import { AccreditationRequests } from '../../features/accounts/AccreditationRequests';
import type { SearchHit } from '../../schemas/search-hit';
import { createSearchClient } from '../../upstream/algolia.server';
import { endSession, readSession } from '../../auth/session.server';
import { UpstreamError } from '../../upstream/http.server';
import { Island } from '../../islands/Island';
import { Unavailable } from '../../ui/Apology';
import { siteHostname } from '../../render/site';
import { createUserClient } from '../../upstream/user.server';
import { csrfFor } from '../../auth/routes.server';
import { PRESS_SPACE_OUTCOMES, pressSpaceAction, type PressSpaceOutcome } from '../../features/accounts/press-space-actions.server';
import { fr } from '../../lib/format/typography';
import { log } from '../../observability/log.server';

// /espace-presse — journalists only (SPEC §2, §6). Personal, so never cached.

const VISITED_SHOWN = 10;

export async function pressSpaceRoute(c: Context<AppEnv>) {
  const session = await readSession(c);
  if (!session || session.error || !session.access_token) {
    const params = new URLSearchParams({ callbackUrl: c.req.path + (new URL(c.req.url).search || ''), error: session ? 'RefreshAccessTokenError' : 'SessionRequired' });
    return c.redirect(`/connexion?${params}`, 302);
  }
  let revoked = false;
  const prefs = await createUserClient(c.get('config'))
    .prefs(session.access_token, true)
    .catch((error) => {
      revoked = error instanceof UpstreamError && error.status === 401;
      return null;
    });
  // WordPress no longer accepts the session's token (revoked at the provider): signed out, back to sign-in.
  if (revoked) {
    endSession(c);
    const params = new URLSearchParams({ callbackUrl: c.req.path, error: 'RefreshAccessTokenError' });
    return c.redirect(`/connexion?${params}`, 302);
  }
  const journalist = prefs?.journaliste === 'oui';
  // One lookup for both lists: the articles' titles and addresses, from the search index.
  const favorites = favoriteIds(prefs);
  const visited = visitedIds(prefs).slice(0, VISITED_SHOWN);
  const lookup: { ok: boolean; byId: Map<number, SearchHit> } = { ok: true, byId: new Map() };
  if (journalist && favorites.length + visited.length > 0) {
    try {
      const hits = await createSearchClient(c.get('config')).postsById([...new Set([...favorites, ...visited])], siteHostname(c));
      for (const hit of hits) lookup.byId.set(Number(hit.objectID.replace(/^post-/, '')), hit);
    } catch (error) {
      log.warn('press_space.lists_unavailable', { error: log.describe(error) });
      lookup.ok = false;
    }
  }
  const hitsFor = (ids: number[]) => ids.map((id) => lookup.byId.get(id)).filter((h): h is SearchHit => !!h);
  const requests = Array.isArray(prefs?.journaliste_accreditations_events) ? prefs.journaliste_accreditations_events : [];
  // The buttons work as forms where their islands are not live (POST /espace-presse, press-space-actions.server.ts).
  const csrf = journalist ? await csrfFor(c) : null;
  const done = Object.hasOwn(PRESS_SPACE_OUTCOMES, c.req.query('fait') ?? '') ? PRESS_SPACE_OUTCOMES[c.req.query('fait') as PressSpaceOutcome] : null;
  const res = await c.render(
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
              <AccreditationRequests requests={requests} now={c.get('clock').now()} />
              <p>
                <a className="button" href="/accreditations">
                  Demander une accréditation
                </a>
              </p>
            </section>
            <ReadingList
              id="mes-favoris"
              title="Mes favoris"
              hits={hitsFor(favorites)}
              lookup={lookup.ok ? 'ok' : 'failed'}
              empty={fr`Vous n’avez pas encore de favori. Ajoutez un article depuis sa page avec « Ajouter aux favoris ».`}
              favorites={{ csrfToken: csrf?.token ?? '' }}
            />
            <ReadingList
              id="contenus-consultes"
              title="Contenus consultés récemment"
              hits={hitsFor(visited)}
              lookup={lookup.ok ? 'ok' : 'failed'}
              empty="Les articles que vous lisez apparaîtront ici."
            />
            <Island
              name="PressOptIns"
              props={{ mail: !!prefs.journaliste_optin_mail, whatsapp: !!prefs.journaliste_optin_whatsapp, openWhatsapp: c.req.query('optin_whatsapp') === 'open', csrfToken: csrf?.token ?? '', phone: String(prefs.phone_mobile ?? '') }}
            />
          </>
        )}
      </div>,
    { head: { title: 'Espace presse', noindex: true }, tracking: { page_type: 'espace-presse' }, cache: 'never' },
  );
  for (const cookie of csrf?.setCookie ?? []) res.headers.append('set-cookie', cookie);
  return res;
}

/** The press space's buttons as forms (without JavaScript): the change, then back here. */
export const pressSpacePostRoute = (c: Context<AppEnv>) => pressSpaceAction(c);
