import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PurgeBodySchema } from '../../src/cache/purge.server';
import {
  api,
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
  withoutNonce,
  wp,
} from './helpers';

// Press alerts, WordPress's half (wordpress/ffr-presse-purge 1.4): the « Ne pas alerter les
// journalistes » box puts `alert: false` in the post's purge body, and a journalist's status or mail
// consent changed in WordPress, or the user deleted, is told to the site, signed and retried like a
// purge. Against a stand-in worker that counts, in the worker's own contract (PurgeBodySchema).

let worker: Awaited<ReturnType<typeof countingServer>>;
const run = Date.now().toString(36);
const NBSP = '\u00a0';
const cat = (slug: string) => ({ id: wp.categories[slug]!, slug });

beforeAll(async () => {
  worker = await countingServer();
  await overridePurge({ url: worker.url });
});
beforeEach(() => worker.reset());
afterAll(async () => {
  await overridePurge(null);
  await worker.close();
  await clearPurgeState();
  expect(await pluginWarnings()).toEqual([]);
});

/** What the worker received since the last reset: each signed, with a nonce of its own, and valid for the worker. */
function received() {
  for (const r of worker.received) {
    expect(r.signed, r.body).toBe(true);
    expect(r.nonce, r.body).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(PurgeBodySchema.safeParse(r.json).success, r.body).toBe(true);
  }
  const bodies = worker.received.map((r) => r.json);
  worker.reset();
  return bodies;
}

async function draft(title: string) {
  const r = await rest('POST', '/posts', {
    title,
    status: 'draft',
    content: '<!-- wp:paragraph --><p>Texte.</p><!-- /wp:paragraph -->',
    categories: [cat('xv-de-france').id],
  });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json as { id: number; slug: string };
}

const noAlertMeta = async (id: number) =>
  (
    await php<{ exists: boolean; value: string | false }>(
      `return ['exists' => metadata_exists('post', ${id}, '_ffr_presse_no_alert'), 'value' => get_post_meta(${id}, '_ffr_presse_no_alert', true)];`,
    )
  ).result;

/** The post's edit screen as the editor opens it, and the hidden fields its forms post back. */
async function editScreen(id: number, cookies: string) {
  const res = await fetch(`${wp.url}/wp-admin/post.php?post=${id}&action=edit`, { headers: { cookie: cookies } });
  expect(res.status).toBe(200);
  const html = await res.text();
  const hidden = (name: string) => new RegExp(`name=["']${name}["'] value=["']([^"']+)["']`).exec(html)?.[1];
  return { html, wpnonce: hidden('_wpnonce'), boxNonce: hidden('ffr_presse_no_alert_nonce') };
}

/** The edit form posted to post.php, as the classic editor (or the block editor's meta boxes) sends it. */
async function submit(id: number, cookies: string, fields: Record<string, string | undefined>) {
  const body = new URLSearchParams({ action: 'editpost', originalaction: 'editpost', post_ID: String(id), post_type: 'post' });
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.append(name, value);
  const res = await fetch(`${wp.url}/wp-admin/post.php`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      cookie: cookies,
      'content-type': 'application/x-www-form-urlencoded',
      referer: `${wp.url}/wp-admin/post.php?post=${id}&action=edit`,
    },
    body,
  });
  expect(res.status, (await res.text()).slice(0, 500)).toBe(302);
}

describe('« Ne pas alerter les journalistes »', () => {
  it('the edit screen has the box, in French, with its nonce; the block editor also loads the script that saves it with the post', async () => {
    const post = await draft(`Écran d’édition ${run}`);
    const cookies = await login('editor');
    const screen = await editScreen(post.id, cookies);
    const html = decodeEntities(screen.html);
    expect(html).toContain('id="ffr-presse-no-alert"');
    expect(html).toContain('Ne pas alerter les journalistes');
    expect(html).toContain(
      `Cochez pour une correction mineure${NBSP}: la publication ou la mise à jour n’enverra pas d’alerte e-mail aux journalistes qui suivent ce sujet.`,
    );
    expect(screen.boxNonce).toMatch(/^[0-9a-f]{10}$/);
    expect(html).toMatch(/ffr-presse-purge\/assets\/no-alert\.js/);
    expect(received()).toEqual([]);
  });

  it('the edit form: publishing with the box ticked sends alert: false; updating with it unticked sends alert: true', async () => {
    const post = await draft(`Correction mineure ${run}`);
    const cookies = await login('editor');
    const { wpnonce, boxNonce } = await editScreen(post.id, cookies);
    expect(received()).toEqual([]);

    await submit(post.id, cookies, {
      _wpnonce: wpnonce,
      ffr_presse_no_alert_nonce: boxNonce,
      ffr_presse_no_alert: '1',
      original_post_status: 'draft',
      post_title: `Correction mineure ${run}`,
      publish: 'Publier',
    });
    const { result: slug } = await php<string>(`return get_post(${post.id})->post_name;`);
    expect(received()).toEqual([
      { type: 'post', action: 'publish', post: { id: post.id, slug, categories: [cat('xv-de-france')] }, alert: false },
    ]);
    expect(await noAlertMeta(post.id)).toEqual({ exists: true, value: '1' });

    // Unticked: an unticked checkbox is not in the form, the nonce is.
    await submit(post.id, cookies, {
      _wpnonce: wpnonce,
      ffr_presse_no_alert_nonce: boxNonce,
      original_post_status: 'publish',
      post_status: 'publish',
      post_title: `Correction mineure, relue ${run}`,
      save: 'Mettre à jour',
    });
    expect(received()).toEqual([
      { type: 'post', action: 'update', post: { id: post.id, slug, categories: [cat('xv-de-france')] }, alert: true },
    ]);
    expect(await noAlertMeta(post.id)).toEqual({ exists: false, value: false });
  });

  it('publishing without the box sends alert: true; a box posted without its nonce changes nothing', async () => {
    const post = await draft(`Sans la case ${run}`);
    const cookies = await login('editor');
    const { wpnonce, boxNonce } = await editScreen(post.id, cookies);
    await submit(post.id, cookies, {
      _wpnonce: wpnonce,
      ffr_presse_no_alert_nonce: boxNonce,
      original_post_status: 'draft',
      publish: 'Publier',
    });
    const { result: slug } = await php<string>(`return get_post(${post.id})->post_name;`);
    const body = (action: string, alert: boolean) => ({
      type: 'post',
      action,
      post: { id: post.id, slug, categories: [cat('xv-de-france')] },
      alert,
    });
    expect(received()).toEqual([body('publish', true)]);

    await submit(post.id, cookies, {
      _wpnonce: wpnonce,
      ffr_presse_no_alert_nonce: 'abcdef0123',
      ffr_presse_no_alert: '1',
      save: 'Mettre à jour',
    });
    expect(received()).toEqual([body('update', true)]);
    await submit(post.id, cookies, { _wpnonce: wpnonce, ffr_presse_no_alert: '1', save: 'Mettre à jour' });
    expect(received()).toEqual([body('update', true)]);
    expect(await noAlertMeta(post.id)).toEqual({ exists: false, value: false });
  });

  it('the block editor (REST): the meta saved with the publication counts for it; only editors see it', async () => {
    const created = await rest('POST', '/posts', {
      title: `Publié sans alerte ${run}`,
      status: 'publish',
      content: '<!-- wp:paragraph --><p>Texte.</p><!-- /wp:paragraph -->',
      categories: [cat('france-7').id],
      meta: { _ffr_presse_no_alert: true },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const post = created.json as { id: number; slug: string };
    const body = (action: string, alert: boolean) => ({
      type: 'post',
      action,
      post: { id: post.id, slug: post.slug, categories: [cat('france-7')] },
      alert,
    });
    expect(received()).toEqual([body('publish', false)]);

    const unticked = await rest('POST', `/posts/${post.id}`, {
      title: `Publié, puis corrigé ${run}`,
      meta: { _ffr_presse_no_alert: false },
    });
    expect(unticked.status).toBe(200);
    expect(received()).toEqual([body('update', true)]);

    const edit = await api('GET', `/wp/v2/posts/${post.id}?context=edit`, undefined, 'editor');
    expect(edit.json.meta).toMatchObject({ _ffr_presse_no_alert: false });
    const view = await api('GET', `/wp/v2/posts/${post.id}`);
    expect(view.status).toBe(200);
    expect(view.json.meta ?? {}).not.toHaveProperty('_ffr_presse_no_alert');
  });

  it('a scheduled post with the box ticked is published by WP-Cron without an alert', async () => {
    const date = new Date(Date.now() + 86_400_000).toISOString().slice(0, 19);
    const created = await rest('POST', '/posts', {
      title: `Programmé sans alerte ${run}`,
      status: 'future',
      date_gmt: date,
      categories: [cat('france-7').id],
      meta: { _ffr_presse_no_alert: true },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(received()).toEqual([]);
    const { result: slug } = await php<string>(`wp_publish_post(${created.json.id}); return get_post(${created.json.id})->post_name;`);
    expect(received()).toEqual([
      { type: 'post', action: 'publish', post: { id: created.json.id, slug, categories: [cat('france-7')] }, alert: false },
    ]);
  });
});

describe('account notices', () => {
  let seq = 0;
  /** A user as the federation's WordPress keeps a journalist: the identity provider's subject and the two meta. */
  async function journalist(meta: Record<string, string>) {
    seq += 1;
    const userLogin = `journaliste-${run}-${seq}`;
    const sets = Object.entries(meta)
      .map(([key, value]) => `update_user_meta($id, ${JSON.stringify(key)}, ${JSON.stringify(value)});`)
      .join('\n');
    const { result: id } = await php<number>(
      `$id = wp_insert_user(['user_login' => '${userLogin}', 'user_pass' => wp_generate_password(), 'user_email' => '${userLogin}@example.fr', 'role' => 'subscriber']);
      ${sets}
      return $id;`,
      { as: 'admin' },
    );
    expect(id).toBeGreaterThan(0);
    emails.set(id, `${userLogin}@example.fr`);
    return id;
  }
  const emails = new Map<number, string>();
  /** The notice for the user created last with this id_sso (its address is the one it was created with). */
  // `changed_at`: when the change was made (ms), so that the site never lets an older notice win.
  const update = (sso: string, journaliste: string, optin_mail: boolean, email = [...emails.values()].at(-1)!) => ({
    type: 'account',
    action: 'update',
    account: { id: sso, journaliste, optin_mail, email },
    changed_at: expect.any(Number),
  });

  it('a new journalist: one notice for the three meta written in the request', async () => {
    const sso = `sso-${run}-nouveau`;
    await journalist({ id_sso: sso, journaliste: 'oui', journaliste_optin_mail: '1' });
    expect(received()).toEqual([update(sso, 'oui', true)]);
  });

  it('journaliste oui → non, then the mail consent, then both at once: one notice each, with the new values', async () => {
    const sso = `sso-${run}-statut`;
    const id = await journalist({ id_sso: sso, journaliste: 'oui', journaliste_optin_mail: '1' });
    received();

    await php(`update_user_meta(${id}, 'journaliste', 'non'); return true;`, { as: 'admin' });
    expect(received()).toEqual([update(sso, 'non', true)]);

    await php(`update_user_meta(${id}, 'journaliste_optin_mail', '0'); return true;`, { as: 'admin' });
    expect(received()).toEqual([update(sso, 'non', false)]);

    await php(`update_user_meta(${id}, 'journaliste', 'oui'); update_user_meta(${id}, 'journaliste_optin_mail', '1'); return true;`, {
      as: 'admin',
    });
    expect(received()).toEqual([update(sso, 'oui', true)]);

    await php(`delete_user_meta(${id}, 'journaliste_optin_mail'); return true;`, { as: 'admin' });
    expect(received()).toEqual([update(sso, 'oui', false)]);
  });

  it('an unrelated meta, an unchanged value, a user without id_sso: nothing', async () => {
    const id = await journalist({ id_sso: `sso-${run}-rien`, journaliste: 'a_valider', journaliste_optin_mail: '' });
    received();
    await php(
      `update_user_meta(${id}, 'journaliste_optin_whatsapp', '1');
      update_user_meta(${id}, 'description', 'Rubrique rugby.');
      update_user_meta(${id}, 'journaliste', 'a_valider');
      return true;`,
      { as: 'admin' },
    );
    expect(received()).toEqual([]);

    const anonymous = await journalist({ journaliste: 'oui', journaliste_optin_mail: '1' });
    await php(`update_user_meta(${anonymous}, 'journaliste', 'refuse'); return true;`, { as: 'admin' });
    expect(received()).toEqual([]);
  });

  it('an answer to an accreditation request and a new address: one notice each, with the requests and the address', async () => {
    const sso = `sso-${run}-accreditation`;
    const id = await journalist({ id_sso: sso, journaliste: 'oui', journaliste_optin_mail: '1' });
    received();
    const requests = [
      { event_id: 7001, title: 'France – Irlande', date: '2027-02-06T21:10:00', status: 'attente' },
      { event_id: 7002, title: 'Écosse – France', date: '2027-02-21T16:40:00', status: 'attente' },
    ];
    const stored = (list: typeof requests) =>
      `update_user_meta(${id}, 'journaliste_accreditations_events', json_decode(${JSON.stringify(JSON.stringify(list))}, true)); return true;`;
    await php(stored(requests), { as: 'admin' });
    const answered = [{ ...requests[0]!, status: 'valide' }, requests[1]!];
    await php(stored(answered), { as: 'admin' });
    const first = update(sso, 'oui', true);
    expect(received()).toEqual([
      { ...first, account: { ...first.account, accreditations: requests } },
      { ...first, account: { ...first.account, accreditations: answered } },
    ]);
    await php(`return wp_update_user(['ID' => ${id}, 'user_email' => 'nouvelle-${run}@example.fr']);`, { as: 'admin' });
    const moved = update(sso, 'oui', true, `nouvelle-${run}@example.fr`);
    expect(received()).toEqual([{ ...moved, account: { ...moved.account, accreditations: answered } }]);
  });

  it('a deleted user: one delete notice, no update for the meta deleted with it', async () => {
    const sso = `sso-${run}-supprime`;
    const id = await journalist({ id_sso: sso, journaliste: 'en_attente_infos', journaliste_optin_mail: '1' });
    received();
    await php(`update_user_meta(${id}, 'journaliste', 'oui'); return wp_delete_user(${id});`, { as: 'admin' });
    expect(received()).toEqual([{ type: 'account', action: 'delete', account: { id: sso }, changed_at: expect.any(Number) }]);

    const unknown = await journalist({ journaliste: 'oui' });
    await php(`return wp_delete_user(${unknown});`, { as: 'admin' });
    expect(received()).toEqual([]);
  });

  it('a site that cannot be reached: the notice waits in the retry queue, and WP-Cron delivers it', async () => {
    const sso = `sso-${run}-file`;
    const id = await journalist({ id_sso: sso, journaliste: 'oui', journaliste_optin_mail: '1' });
    received();
    try {
      await overridePurge({ url: await closedPortUrl() });
      const before = Date.now();
      await php(`update_user_meta(${id}, 'journaliste', 'refuse'); return true;`, { as: 'admin' });
      const [queued, ...more] = (await pluginState()).queue;
      expect(more).toEqual([]);
      expect(queued!.attempts).toBe(1);
      const expected = JSON.parse(queued!.body) as { changed_at: number };
      expect(expected).toEqual(update(sso, 'refuse', true));
      // The time of the change, kept as it was by the retry: a later notice always carries a later one.
      expect(expected.changed_at).toBeGreaterThanOrEqual(before - 1000);

      await overridePurge({ url: worker.url });
      expect((await runRetryEvent()).result).toBe(true);
      expect(worker.received.map((r) => JSON.parse(withoutNonce(r.body)))).toEqual([expected]);
      expect(received()).toEqual([update(sso, 'refuse', true)]);
      expect((await pluginState()).queue).toEqual([]);
    } finally {
      await overridePurge({ url: worker.url });
      await clearPurgeState();
    }
  });
});
