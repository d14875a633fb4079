import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  admin,
  adminNotices,
  clearPurgeState,
  closedPortUrl,
  countingServer,
  decodeEntities,
  login,
  overridePurge,
  php,
  pluginState,
  pluginWarnings,
  rest,
  runRetryEvent,
  silentServer,
  site,
  statusServer,
  warm,
  wp,
  withoutNonce,
} from './helpers';

// When the worker refuses or cannot be reached, the editor's save still goes through at once, the
// editors are told in French, and the purge is delivered later — by WP-Cron, or at the end of a later
// admin or REST request once it is due — unless the answer is one a retry cannot change (a 4xx other
// than 408 and 429), which is not retried at all.

const run = Date.now().toString(36);
const NBSP = '\u00a0';
const MARGIN_MS = 1500; // PHP's own work around the purge: WordPress boot, the save, the REST answer
const NNBSP = '\u202f';
const SETTINGS_BODY = '{"type":"site","action":"update","reason":"settings"}';
const DESCRIPTION = 'La salle de presse de la Fédération française de rugby';
const REFUSED_ADVICE = `Un nouvel essai recevrait la même réponse${NBSP}: pas de nouvel essai automatique. Vérifiez FFR_PRESSE_PURGE_URL et FFR_PRESSE_PURGE_SECRET dans wp-config.php (la valeur de PURGE_SECRET du site).`;

afterEach(() => overridePurge(null));
afterAll(async () => expect(await pluginWarnings()).toEqual([]));

/** « le 23/11/2026 à 14h05 », Paris time, as the notice writes it. */
function when(unix: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(unix * 1000))
      .map((p) => [p.type, p.value]),
  );
  return `le ${parts.day}/${parts.month}/${parts.year} à ${Number(parts.hour)}h${parts.minute}`;
}

async function publishedPost(title: string) {
  const r = await rest('POST', '/posts', {
    title,
    status: 'publish',
    categories: [wp.categories['communiques-de-presse']],
    content: '<p>Texte.</p>',
  });
  expect(r.status).toBe(201);
  expect((await pluginState()).lastResult).toMatchObject({ status: 200 });
  return r.json as { id: number; slug: string };
}

describe('an answer a retry cannot change', () => {
  it('a wrong secret is refused (401), shown to editors in French, and not retried; the next save with the right secret purges', async () => {
    const post = await publishedPost(`Calendrier des Bleues ${run}`);
    const path = `/categories/communiques-de-presse/${post.slug}`;
    await warm(path);

    await overridePurge({ secret: 'une-cle-qui-n-est-pas-celle-du-site-0123' });
    const saved = await rest('POST', `/posts/${post.id}`, { title: `Calendrier des Bleues, mis à jour ${run}` });
    expect(saved.status).toBe(200);

    const state = await pluginState();
    expect(state.lastResult).toMatchObject({ ok: false, status: 401, message: 'Signature absente, invalide ou expirée.' });
    expect(state.lastError).toMatchObject({ status: 401, retry: false, refused: true });
    // The same body signed with the same secret would get the same 401: nothing is queued.
    expect(state.queue).toEqual([]);
    expect(state.nextRetry).toBe(false);
    expect(state.retryAt).toBe(false);
    expect((await runRetryEvent()).result).toBe(false);
    // Nothing was purged: the page is still the cached one.
    const stale = await site(path);
    expect(stale.cache).toBe('HIT');
    expect(stale.text).not.toContain('mis à jour');

    const refused = `FFR Presse${NBSP}: le site a refusé la purge du cache (401 Signature absente, invalide ou expirée.) ${when((state.lastError as { time: number }).time)}. ${REFUSED_ADVICE}`;
    expect(decodeEntities(await adminNotices('redaction'))).toContain(`${refused} Prévenez un administrateur.`);
    expect(decodeEntities(await adminNotices('admin'))).toContain(
      `${refused} Une fois la configuration corrigée, utilisez «${NNBSP}Purger le cache du site${NNBSP}» dans la barre d’administration.`,
    );
    // And in wp-admin itself, for the editor signed in.
    const page = await admin('edit.php', await login('editor'));
    expect(page.status).toBe(200);
    expect(decodeEntities(page.text)).toContain(refused);

    // The secret is put right: the next change is purged and the notice goes.
    await overridePurge(null);
    const again = await rest('POST', `/posts/${post.id}`, { title: `Calendrier des Bleues, mis à jour deux fois ${run}` });
    expect(again.status).toBe(200);
    const after = await pluginState();
    expect(after.lastResult).toMatchObject({ ok: true, status: 200 });
    expect(after.lastError).toBe(false);
    expect(after.queue).toEqual([]);
    expect(await adminNotices('redaction')).not.toContain('FFR Presse');
    const fresh = await site(path);
    expect(fresh.cache).toBe('PURGED');
    expect(fresh.text).toContain(`Calendrier des Bleues, mis à jour deux fois ${run}`);
  });

  it('400, 401, 404 and 413 are not retried; 408, 429 and 503 are, a minute later; a queued body later refused is dropped', async () => {
    const seen: Array<[number, number, number]> = [];
    try {
      for (const status of [400, 401, 404, 413, 408, 429, 503]) {
        const retryable = [408, 429, 503].includes(status);
        const server = await statusServer(status);
        try {
          await clearPurgeState();
          await overridePurge({ url: server.url });
          await php(`update_option('blogdescription', 'La salle de presse ${run} ${status}'); return true;`, { as: 'admin' });
          const state = await pluginState();
          expect(server.received).toEqual([SETTINGS_BODY]);
          expect(state.lastError, String(status)).toMatchObject({ status, retry: retryable, refused: !retryable });
          if (retryable) {
            expect(state.queue, String(status)).toEqual([{ body: SETTINGS_BODY, attempts: 1 }]);
            expect(state.nextRetry).toBe(state.retryAt);
            expect((state.retryAt as number) - state.now).toBeGreaterThan(55);
            expect((state.retryAt as number) - state.now).toBeLessThanOrEqual(60);
          } else {
            expect(state.queue, String(status)).toEqual([]);
            expect(state.nextRetry).toBe(false);
            expect(state.retryAt).toBe(false);
          }
          seen.push([status, state.queue.length, server.received.length]);
        } finally {
          await server.close();
        }
      }
      // [status, bodies queued, sends]
      console.log('Purge refusée ou en échec, par statut :', JSON.stringify(seen));

      // Queued after a 503, then refused with a 400 at the retry: dropped, not tried again.
      const refusing = await statusServer(400, 'Corps de purge invalide.');
      try {
        await overridePurge({ url: refusing.url });
        expect((await runRetryEvent()).result).toBe(true);
        const state = await pluginState();
        expect(refusing.received).toEqual([SETTINGS_BODY]);
        expect(state.queue).toEqual([]);
        expect(state.nextRetry).toBe(false);
        expect(state.retryAt).toBe(false);
        expect(state.lastError).toMatchObject({ status: 400, retry: false, refused: true });
        expect(decodeEntities(await adminNotices('admin'))).toContain(
          `FFR Presse${NBSP}: le site a refusé la purge du cache (400 Corps de purge invalide.)`,
        );
      } finally {
        await refusing.close();
      }
    } finally {
      await overridePurge(null);
      await clearPurgeState();
      await php(`update_option('blogdescription', '${DESCRIPTION}'); return true;`, { as: 'admin' });
    }
  });
});

describe('a retry that does not wait for WP-Cron', () => {
  it('is made at the end of a later admin request once due — not before, not from the command line, not while another request holds the lock — and once', async () => {
    await clearPurgeState();
    await overridePurge({ url: await closedPortUrl() });
    await php(`update_option('blogdescription', 'La salle de presse ${run} (sans cron)'); return true;`, { as: 'admin' });
    let state = await pluginState();
    expect(state.queue).toEqual([{ body: SETTINGS_BODY, attempts: 1 }]);
    expect(state.retryAt).toBe(state.nextRetry);

    const cookies = await login('admin');
    // Not due yet: a wp-admin page leaves the queue alone.
    expect((await admin('profile.php', cookies)).status).toBe(200);
    expect((await pluginState()).queue).toEqual([{ body: SETTINGS_BODY, attempts: 1 }]);

    // Its time has come, WP-Cron never ran (DISABLE_WP_CRON, as here), and the worker is back.
    const worker = await countingServer();
    try {
      await overridePurge({ url: worker.url });
      await php(`update_option('ffr_presse_purge_retry_at', time() - 1); return true;`);
      // A command-line run (like a front-end view) leaves it to WP-Cron.
      await php(`return true;`, { as: 'admin' });
      expect(worker.received).toEqual([]);
      // Another request is at it (it holds the lock): this one sends nothing.
      await php(`add_option('ffr_presse_purge_retry_lock', time(), '', 'no'); return true;`);
      expect((await admin('profile.php', cookies)).status).toBe(200);
      expect(worker.received).toEqual([]);
      await php(`delete_option('ffr_presse_purge_retry_lock'); return true;`);

      // The next admin request sends it, signed, before its own end.
      expect((await admin('profile.php', cookies)).status).toBe(200);
      expect(worker.received.map((r) => [withoutNonce(r.body), r.signed])).toEqual([[SETTINGS_BODY, true]]);
      state = await pluginState();
      expect(state.queue).toEqual([]);
      expect(state.retryAt).toBe(false);
      expect(state.nextRetry).toBe(false);
      expect(state.lastError).toBe(false);
      expect(state.lastResult).toMatchObject({ ok: true, status: 200, body: SETTINGS_BODY });
      // Once: the cron event, had it been left behind, and the next request find nothing to send.
      expect((await runRetryEvent()).result).toBe(false);
      expect((await admin('profile.php', cookies)).status).toBe(200);
      expect(worker.received).toHaveLength(1);
      expect(await adminNotices('admin')).not.toContain('FFR Presse');
    } finally {
      await worker.close();
      await overridePurge(null);
      await clearPurgeState();
    }
  });

  it('is also made at the end of a REST request (the site reading WordPress); a pass that fails waits twice as long', async () => {
    try {
      await clearPurgeState();
      await overridePurge({ url: await closedPortUrl() });
      await php(`update_option('blogdescription', 'La salle de presse ${run} (REST)'); return true;`, { as: 'admin' });
      await php(`update_option('ffr_presse_purge_retry_at', time() - 1); return true;`);

      const read = await fetch(`${wp.url}/wp-json/ffr/v1/settings`);
      expect(read.status).toBe(200);
      let state = await pluginState();
      // Tried (the worker is still down): second failure, next pass 2 minutes on, as WP-Cron would.
      expect(state.queue).toEqual([{ body: SETTINGS_BODY, attempts: 2 }]);
      expect(Math.round(((state.retryAt as number) - state.now) / 60)).toBe(2);
      expect(state.nextRetry).toBe(state.retryAt);
      expect(state.lastError).toMatchObject({ status: 0, retry: true });
      const notice = decodeEntities(await adminNotices('redaction'));
      expect(notice).toContain(`FFR Presse${NBSP}: la purge du cache a échoué (`);
      expect(notice).toContain('Nouvel essai automatique prévu.');

      // Not due again: the next reads do not try.
      await fetch(`${wp.url}/wp-json/ffr/v1/settings`);
      await fetch(`${wp.url}/wp-json/ffr/v1/settings`);
      state = await pluginState();
      expect(state.queue).toEqual([{ body: SETTINGS_BODY, attempts: 2 }]);
    } finally {
      await overridePurge(null);
      await clearPurgeState();
      await php(`update_option('blogdescription', '${DESCRIPTION}'); return true;`, { as: 'admin' });
    }
  });
});

describe('a worker that is down', () => {
  it('does not hold the save, queues the purge, and WP-Cron delivers it once the worker is back', async () => {
    const post = await publishedPost(`Arbitres désignés ${run}`);
    const path = `/categories/communiques-de-presse/${post.slug}`;
    await warm(path);

    // Nothing listens: refused at once.
    await overridePurge({ url: await closedPortUrl() });
    const down = await rest('POST', `/posts/${post.id}`, { title: `Arbitres désignés pour France – Italie ${run}` });
    expect(down.status).toBe(200);
    expect(down.json.title.raw).toBe(`Arbitres désignés pour France – Italie ${run}`);
    expect(down.ms).toBeLessThan(3000 + MARGIN_MS);
    let state = await pluginState();
    expect(state.lastError).toMatchObject({ status: 0, retry: true });
    expect((state.lastError as { error: string }).error).not.toBe('');
    expect(state.queue).toEqual([{ body: expect.stringContaining(`"id":${post.id}`), attempts: 1 }]);
    expect((state.nextRetry as number) - state.now).toBeGreaterThan(55);
    expect((state.nextRetry as number) - state.now).toBeLessThanOrEqual(60);

    // Listens but never answers: held for the plugin's timeout, not longer.
    const hung = await silentServer();
    try {
      await overridePurge({ url: hung.url, timeout: 1 });
      const slow = await rest('POST', `/posts/${post.id}`, { title: `Arbitres désignés pour France – Italie, officiel ${run}` });
      expect(slow.status).toBe(200);
      expect(slow.ms).toBeGreaterThan(900);
      expect(slow.ms).toBeLessThan(1000 + MARGIN_MS);
    } finally {
      await hung.close();
    }
    state = await pluginState();
    // The same body is queued once.
    expect(state.queue).toHaveLength(1);
    const { result: saved } = await php<string>(`return get_post(${post.id})->post_title;`);
    expect(saved).toBe(`Arbitres désignés pour France – Italie, officiel ${run}`);
    expect((await site(path)).cache).toBe('HIT');

    // The worker is back: the cron event delivers, with a fresh signature.
    await overridePurge(null);
    expect((await runRetryEvent()).result).toBe(true);
    state = await pluginState();
    expect(state.lastResult).toMatchObject({ ok: true, status: 200 });
    expect(state.queue).toEqual([]);
    expect(state.lastError).toBe(false);
    const fresh = await site(path);
    expect(fresh.cache).toBe('PURGED');
    expect(fresh.text).toContain(`Arbitres désignés pour France – Italie, officiel ${run}`);
  });

  it('retries 5 times, 1, 2, 4, 8 then 16 minutes apart, then gives up and says so, in wp-admin and by e-mail', async () => {
    await clearPurgeState();
    await overridePurge({ url: await closedPortUrl() });
    await php(`update_option('blogdescription', 'La salle de presse ${run}'); return true;`, { as: 'admin' });
    let state = await pluginState();
    expect(state.queue).toEqual([{ body: '{"type":"site","action":"update","reason":"settings"}', attempts: 1 }]);
    const delays = [(state.nextRetry as number) - state.now];
    for (let retry = 1; retry <= 5; retry++) {
      expect((await runRetryEvent()).result).toBe(true);
      state = await pluginState();
      if (state.nextRetry) delays.push((state.nextRetry as number) - state.now);
    }
    // Within a second or two of 60, 120, 240, 480, 960 s.
    expect(delays.map((d) => Math.round(d / 60))).toEqual([1, 2, 4, 8, 16]);
    expect(state.queue).toEqual([]);
    expect(state.nextRetry).toBe(false);
    expect(state.lastError).toMatchObject({ status: 0, retry: false });
    const notices = decodeEntities(await adminNotices('admin'));
    expect(notices).toContain(
      `Les nouveaux essais automatiques ont échoué${NBSP}: le site peut montrer des contenus anciens pendant quelques minutes.`,
    );
    expect(notices).toContain('Utilisez «\u202fPurger le cache du site\u202f» dans la barre d’administration');
    expect(decodeEntities(await adminNotices('redaction'))).toContain('Prévenez un administrateur.');

    // And someone is told without waiting for wp-admin: one e-mail, in the site's language.
    expect(state.mails).toHaveLength(1);
    expect(state.mails[0]).toMatchObject({ to: 'admin@example.fr', subject: `FFR Presse${NBSP}: le cache du site n’a pas pu être purgé` });
    expect(state.mails[0]!.message).toContain(`les 5 nouveaux essais automatiques ont échoué (dernière erreur${NBSP}: `);
    expect(state.mails[0]!.message).toContain(`utilisez «${NNBSP}Purger le cache du site${NNBSP}» dans la barre d’administration.`);

    // A later success clears the notice.
    await overridePurge(null);
    await php(`update_option('blogdescription', '${DESCRIPTION}'); return true;`, { as: 'admin' });
    expect((await pluginState()).lastError).toBe(false);
    expect(await adminNotices('admin')).not.toContain('FFR Presse');
  });
});

describe('without its constants', () => {
  it('does nothing but tell administrators what to add to wp-config.php', async () => {
    const worker = await countingServer();
    try {
      await overridePurge({ unconfigured: true, url: worker.url });
      const before = await pluginState();
      const r = await rest('POST', '/posts', {
        title: `Sans configuration ${run}`,
        status: 'publish',
        categories: [wp.categories['france-7']],
      });
      expect(r.status).toBe(201);
      expect(worker.received).toEqual([]);
      expect((await pluginState()).lastResult).toEqual(before.lastResult);

      const notice = decodeEntities(await adminNotices('admin'));
      expect(notice).toContain(`FFR Presse${NBSP}: la purge du cache n’est pas configurée`);
      expect(notice).toContain(`Ajoutez à wp-config.php${NBSP}:`);
      expect(notice).toContain("define( 'FFR_PRESSE_PURGE_URL', 'https://presse.ffr.fr/api/purge' );");
      expect(notice).toContain("define( 'FFR_PRESSE_PURGE_SECRET',");
      expect(await adminNotices('redaction')).toBe('');
      const { result: node } = await php<boolean>(
        `require_once ABSPATH . WPINC . '/class-wp-admin-bar.php'; $bar = new WP_Admin_Bar(); do_action_ref_array('admin_bar_menu', [&$bar]); return (bool) $bar->get_node('ffr-presse-purge');`,
        { as: 'admin' },
      );
      expect(node).toBe(false);
    } finally {
      await worker.close();
    }
  });
});
