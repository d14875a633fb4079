import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  admin,
  adminNotices,
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
  warm,
  wp,
} from './helpers';

// When the worker refuses or cannot be reached, the editor's save still goes through at once, the
// editors are told in French, and WP-Cron delivers the purge later.

const run = Date.now().toString(36);
const NBSP = '\u00a0';
const MARGIN_MS = 1500; // PHP's own work around the purge: WordPress boot, the save, the REST answer

afterEach(() => overridePurge(null));
afterAll(async () => expect(await pluginWarnings()).toEqual([]));

/** « le 23/11/2026 à 14h05 », Paris time, as the notice writes it. */
function when(unix: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(unix * 1000))
      .map((p) => [p.type, p.value]),
  );
  return `le ${parts.day}/${parts.month}/${parts.year} à ${Number(parts.hour)}h${parts.minute}`;
}

async function publishedPost(title: string) {
  const r = await rest('POST', '/posts', { title, status: 'publish', categories: [wp.categories['communiques-de-presse']], content: '<p>Texte.</p>' });
  expect(r.status).toBe(201);
  expect((await pluginState()).lastResult).toMatchObject({ status: 200 });
  return r.json as { id: number; slug: string };
}

describe('a wrong secret', () => {
  it('is refused by the worker (401), shown to editors in French, and retried once the secret is right', async () => {
    const post = await publishedPost(`Calendrier des Bleues ${run}`);
    const path = `/categories/communiques-de-presse/${post.slug}`;
    await warm(path);

    await overridePurge({ secret: 'une-cle-qui-n-est-pas-celle-du-site-0123' });
    const saved = await rest('POST', `/posts/${post.id}`, { title: `Calendrier des Bleues, mis à jour ${run}` });
    expect(saved.status).toBe(200);

    const state = await pluginState();
    expect(state.lastResult).toMatchObject({ ok: false, status: 401, message: 'Signature absente, invalide ou expirée.' });
    expect(state.lastError).toMatchObject({ status: 401, retry: true });
    expect(state.queue).toHaveLength(1);
    // Nothing was purged: the page is still the cached one.
    const stale = await site(path);
    expect(stale.cache).toBe('HIT');
    expect(stale.text).not.toContain('mis à jour');

    const expected = `FFR Presse${NBSP}: la purge du cache a échoué (401 Signature absente, invalide ou expirée.) ${when((state.lastError as { time: number }).time)}. Nouvel essai automatique prévu.`;
    expect(decodeEntities(await adminNotices('redaction'))).toContain(expected);
    // And in wp-admin itself, for the editor signed in.
    const page = await admin('edit.php', await login('editor'));
    expect(page.status).toBe(200);
    expect(decodeEntities(page.text)).toContain(expected);

    await overridePurge(null);
    expect((await runRetryEvent()).result).toBe(true);
    const after = await pluginState();
    expect(after.lastResult).toMatchObject({ ok: true, status: 200 });
    expect(after.lastError).toBe(false);
    expect(after.queue).toEqual([]);
    expect(after.nextRetry).toBe(false);
    expect(await adminNotices('redaction')).not.toContain('FFR Presse');
    const fresh = await site(path);
    expect(fresh.cache).toBe('PURGED');
    expect(fresh.text).toContain(`Calendrier des Bleues, mis à jour ${run}`);
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

  it('retries 5 times, 1, 2, 4, 8 then 16 minutes apart, then gives up and says so', async () => {
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
    expect(notices).toContain(`Les nouveaux essais automatiques ont échoué${NBSP}: le site peut montrer des contenus anciens pendant quelques minutes.`);
    expect(notices).toContain('Utilisez «\u202fPurger le cache du site\u202f» dans la barre d’administration');
    expect(decodeEntities(await adminNotices('redaction'))).toContain('Prévenez un administrateur.');

    // A later success clears the notice.
    await overridePurge(null);
    await php(`update_option('blogdescription', 'La salle de presse de la Fédération française de rugby'); return true;`, { as: 'admin' });
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
      const r = await rest('POST', '/posts', { title: `Sans configuration ${run}`, status: 'publish', categories: [wp.categories['france-7']] });
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
