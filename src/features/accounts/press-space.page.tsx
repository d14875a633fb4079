import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { favoriteIds, visitedIds } from './reading-list';
import type { SearchHit } from '../../schemas/search-hit';
import { endSession, readSession } from '../../auth/session.server';
import { siteHostname } from '../../render/site';
import { tokenRefused } from '../../data/user.server';
import { csrfFor } from '../../auth/auth-js.server';
import { PRESS_SPACE_OUTCOMES, type PressSpaceOutcome } from './press-space-actions.server';
import { PressSpaceView } from './PressSpaceView';
import { log } from '../../observability/log.server';
import { alertsSection } from '../alerts/settings.server';

// /espace-presse — journalists only (SPEC §2, §6). Personal, so never cached.

const VISITED_SHOWN = 10;

export async function pressSpacePage(c: Context<AppEnv>) {
  const session = await readSession(c);
  if (!session || session.error || !session.access_token) {
    const params = new URLSearchParams({
      callbackUrl: c.req.path + (new URL(c.req.url).search || ''),
      error: session ? 'RefreshAccessTokenError' : 'SessionRequired',
    });
    return c.redirect(`/connexion?${params}`, 302);
  }
  let revoked = false;
  const prefs = await c
    .get('user')
    .prefs(session.access_token, true)
    .catch((error) => {
      revoked = tokenRefused(error);
      return null;
    });
  // WordPress no longer accepts the session's token (revoked at the provider): signed out, back to sign-in.
  if (revoked) {
    endSession(c);
    const params = new URLSearchParams({ callbackUrl: c.req.path, error: 'RefreshAccessTokenError' });
    return c.redirect(`/connexion?${params}`, 302);
  }
  const journalist = prefs?.journaliste === 'oui';
  // Read while the lists are looked up: for a journalist, else whatever was stored of them goes (settings.server.ts).
  const alertsRead = prefs && session.sub ? alertsSection(c, session.sub, prefs) : Promise.resolve({ state: 'unavailable' } as const);
  // One lookup for both lists: the articles' titles and addresses, from the search index.
  const favorites = favoriteIds(prefs);
  const visited = visitedIds(prefs).slice(0, VISITED_SHOWN);
  const lookup: { ok: boolean; byId: Map<number, SearchHit> } = { ok: true, byId: new Map() };
  if (journalist && favorites.length + visited.length > 0) {
    try {
      const hits = await c.get('search').postsById([...new Set([...favorites, ...visited])], siteHostname(c));
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
  const alerts = await alertsRead;
  const done = Object.hasOwn(PRESS_SPACE_OUTCOMES, c.req.query('fait') ?? '')
    ? PRESS_SPACE_OUTCOMES[c.req.query('fait') as PressSpaceOutcome]
    : null;
  const res = await c.render(
    <PressSpaceView
      done={done}
      prefs={prefs}
      journalist={journalist}
      requests={requests}
      now={c.get('clock').now()}
      favorites={hitsFor(favorites)}
      visited={hitsFor(visited)}
      lookupOk={lookup.ok}
      csrfToken={csrf?.token ?? ''}
      openWhatsapp={c.req.query('optin_whatsapp') === 'open'}
      alerts={alerts}
    />,
    { head: { title: 'Espace presse', noindex: true }, tracking: { page_type: 'espace-presse' }, cache: 'never' },
  );
  for (const cookie of csrf?.setCookie ?? []) res.headers.append('set-cookie', cookie);
  return res;
}
