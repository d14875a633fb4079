import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  adminNotices,
  api,
  decodeEntities,
  linkSignature,
  login,
  overridePurge,
  php,
  pluginWarnings,
  rest,
  site,
  wp,
  type WordPressUser,
} from './helpers';

// Drafts and scheduled posts open on the site only with a link the plugin signed: the editor's
// preview (« apercu », FFR_PRESSE_PREVIEW_TTL), the journalists' embargo link (« embargo », made by
// the plugin's REST route from the « Lien sous embargo » box), and the shim's ffr/v1/posts/{id},
// which gives any status to the worker's preview account only. Every time is WordPress's own.

const run = Date.now().toString(36);
const NBSP = '\u00a0';
const NNBSP = '\u202f';
const DAY = 86400;
const EMBARGO_ROUTE = '/ffr-presse/v1/embargo-link';

afterEach(() => overridePurge(null));
afterAll(async () => expect(await pluginWarnings()).toEqual([]));

let contributor: Pick<WordPressUser, 'login' | 'applicationPassword'>;
beforeAll(async () => {
  ({ result: contributor } = await php<typeof contributor>(`
    $id = wp_insert_user(['user_login' => 'pigiste-${run}', 'user_pass' => wp_generate_password(), 'user_email' => 'pigiste-${run}@example.fr', 'role' => 'contributor']);
    return ['login' => 'pigiste-${run}', 'applicationPassword' => WP_Application_Passwords::create_new_application_password($id, ['name' => 'tests'])[0]];`));
});

const wordpressTime = async () => (await php<number>('return time();')).result;

/** A Paris wall-clock time as the box shows it: 27/11/2026, 14h05 and 2026-11-27T14:05. */
function paris(unix: number) {
  const p = Object.fromEntries(
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
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${p.day}/${p.month}/${p.year}`,
    time: `${Number(p.hour)}h${p.minute}`,
    input: `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`,
  };
}

async function post(title: string, status: 'draft' | 'publish' | 'future', publishAt?: number) {
  const date = publishAt === undefined ? {} : { date_gmt: new Date(publishAt * 1000).toISOString().slice(0, 19) };
  const r = await rest('POST', '/posts', { title, status, categories: [wp.categories['xv-de-france']], content: '<p>Texte.</p>', ...date });
  expect(r.status).toBe(201);
  expect(r.json.status).toBe(status);
  return { id: r.json.id as number, publishAt: Date.parse(`${r.json.date_gmt}Z`) / 1000 };
}

/** A post scheduled two days from WordPress's now, on the minute (the box's field holds minutes). */
async function scheduled(title: string) {
  const now = await wordpressTime();
  return post(title, 'future', Math.floor((now + 2 * DAY) / 60) * 60);
}

function parseLink(link: string) {
  const url = new URL(link);
  return { url, params: Object.fromEntries(url.searchParams), exp: Number(url.searchParams.get('exp')) };
}

describe('editor previews', () => {
  it('point at the site, signed « apercu » for an hour, for whoever may edit the post; anyone else and pages keep WordPress’s link', async () => {
    const draft = await post(`Aperçu du communiqué ${run}`, 'draft');
    const code = `$page = wp_insert_post(['post_type' => 'page', 'post_title' => 'Brouillon de page', 'post_status' => 'draft']);
      $now = time();
      return ['now' => $now, 'link' => get_preview_post_link(${draft.id}), 'page' => get_preview_post_link($page)];`;
    const { result } = await php<{ now: number; link: string; page: string }>(code, { as: 'redaction' });
    const { url, params, exp } = parseLink(result.link);
    expect(url.origin).toBe(wp.preview.siteUrl);
    expect(url.origin).toBe(wp.siteUrl);
    expect(url.pathname).toBe('/categories/preview/post');
    expect(Object.keys(params)).toEqual(['p', 'exp', 'sig']);
    expect(params.p).toBe(String(draft.id));
    expect(exp - result.now).toBeGreaterThanOrEqual(3600);
    expect(exp - result.now).toBeLessThanOrEqual(3602);
    expect(params.sig).toBe(linkSignature('apercu', draft.id, exp));
    expect(result.page.startsWith(`${wp.url}/`)).toBe(true);

    const { result: stranger } = await php<string>(`return get_preview_post_link(${draft.id});`);
    expect(stranger).toBe(`${wp.url}/?p=${draft.id}&preview=true`);
  });

  it('WordPress’s own preview (?preview=true, what the block editor opens for a draft) sends its editors on to the signed link', async () => {
    const draft = await post(`Aperçu depuis l’éditeur ${run}`, 'draft');
    const before = await wordpressTime();
    const opened = await admin(`${wp.url}/?p=${draft.id}&preview=true`, await login('editor'));
    expect(opened.status).toBe(302);
    const { url, params, exp } = parseLink(opened.location!);
    expect(`${url.origin}${url.pathname}`).toBe(`${wp.siteUrl}/categories/preview/post`);
    expect(params.p).toBe(String(draft.id));
    expect(exp - before).toBeGreaterThanOrEqual(3600);
    expect(params.sig).toBe(linkSignature('apercu', draft.id, exp));
    // Anonymous: WordPress does not show the draft, and nothing points at the site.
    const anonymous = await admin(`${wp.url}/?p=${draft.id}&preview=true`, '');
    expect(anonymous.location ?? '').not.toContain(wp.siteUrl);
  });

  it('last FFR_PRESSE_PREVIEW_TTL seconds; without the constants WordPress’s link stays and administrators are told what to add', async () => {
    const draft = await post(`Aperçu, durée réglée ${run}`, 'draft');
    const preview = async () =>
      (
        await php<{ now: number; link: string }>(`$now = time(); return ['now' => $now, 'link' => get_preview_post_link(${draft.id})];`, {
          as: 'redaction',
        })
      ).result;

    await overridePurge({ previewTtl: 600 });
    const short = await preview();
    expect(parseLink(short.link).exp - short.now).toBeGreaterThanOrEqual(600);
    expect(parseLink(short.link).exp - short.now).toBeLessThanOrEqual(602);

    await overridePurge({ previewUnconfigured: true });
    expect((await preview()).link).toBe(`${wp.url}/?p=${draft.id}&preview=true`);
    const notice = decodeEntities(await adminNotices('admin'));
    expect(notice).toContain(`FFR Presse${NBSP}: les liens d’aperçu et sous embargo ne sont pas configurés`);
    expect(notice).toContain("define( 'FFR_PRESSE_SITE_URL', 'https://presse.ffr.fr' );");
    expect(notice).toContain("define( 'FFR_PRESSE_PREVIEW_SECRET',");
    expect(notice).not.toContain('la purge du cache n’est pas configurée');
    expect(await adminNotices('redaction')).toBe('');
    // Nor is there an embargo route to ask.
    expect((await api('POST', EMBARGO_ROUTE, { post: draft.id }, 'editor')).status).toBe(404);
  });
});

describe('embargo links', () => {
  it('an editor makes one from the box of a scheduled post (session and REST nonce); it is signed « embargo » and recorded', async () => {
    const future = await scheduled(`Composition du XV de France sous embargo ${run}`);
    const cookies = await login('editor');
    const edit = await admin(`post.php?post=${future.id}&action=edit`, cookies);
    expect(edit.status).toBe(200);
    const page = decodeEntities(edit.text);
    expect(page).toContain('Lien sous embargo');
    expect(page).toContain(
      `Ce lien ouvre l’article aux journalistes connectés jusqu’à la date choisie${NNBSP}; il mène à l’article publié une fois l’embargo levé.`,
    );
    expect(page).toContain('Aucun lien pour l’instant.');
    expect(page).toMatch(/<button[^>]*ffr-presse-embargo-copy[^>]*>Copier<\/button>/);
    // The proposed end: the publication plus 24 hours, in Paris time.
    const proposed = /id="ffr-presse-embargo-expires"[^>]*value="([^"]+)"/.exec(page)?.[1];
    expect(proposed).toBe(paris(future.publishAt + DAY).input);
    const script = /src=['"]([^'"]*\/ffr-presse-purge\/assets\/embargo-link\.js[^'"]*)['"]/.exec(page)?.[1];
    expect((await fetch(script!)).status).toBe(200);
    const nonce = /createNonceMiddleware\(\s*"([0-9a-f]+)"\s*\)/.exec(page)?.[1];

    // Without the nonce WordPress does not take the session for the REST API.
    const noNonce = await api('POST', EMBARGO_ROUTE, { post: future.id, expires: proposed }, { cookies });
    expect(noNonce).toMatchObject({
      status: 401,
      json: { code: 'rest_forbidden', message: 'Vous devez être connecté pour créer un lien sous embargo.' },
    });

    const before = await wordpressTime();
    const made = await api('POST', EMBARGO_ROUTE, { post: future.id, expires: proposed }, { cookies, nonce });
    const after = await wordpressTime();
    expect(made.status).toBe(201);
    const { url, params, exp } = parseLink(made.json.link);
    expect(`${url.origin}${url.pathname}`).toBe(`${wp.siteUrl}/embargo/${future.id}`);
    expect(Object.keys(params)).toEqual(['exp', 'sig']);
    expect(exp).toBe(future.publishAt + DAY);
    expect(params.sig).toBe(linkSignature('embargo', future.id, exp));
    expect(made.json).toMatchObject({ post: future.id, expires: exp, user: wp.users.editor.id });

    const { result: meta } = await php<Array<{ expires: number; created: number; user: number }>>(
      `return get_post_meta(${future.id}, '_ffr_presse_embargo_links');`,
    );
    expect(meta).toHaveLength(1);
    expect(meta[0]).toMatchObject({ expires: exp, user: wp.users.editor.id });
    expect(meta[0]!.created).toBeGreaterThanOrEqual(before);
    expect(meta[0]!.created).toBeLessThanOrEqual(after);
    const end = paris(exp);
    const listed = decodeEntities((await admin(`post.php?post=${future.id}&action=edit`, cookies)).text);
    expect(listed).toContain('Liens créés');
    expect(listed).toContain(
      `Valable jusqu’au ${end.date} à ${end.time}, créé le ${paris(meta[0]!.created).date} à ${paris(meta[0]!.created).time} par Service de presse FFR`,
    );
  });

  it('is refused, in French, to a contributor and a stranger, for a draft or a published post, and for a date past or beyond 30 days', async () => {
    const future = await scheduled(`Liste des Bleues sous embargo ${run}`);
    const draft = await post(`Brouillon sans embargo ${run}`, 'draft');
    const published = await post(`Article déjà publié ${run}`, 'publish');
    const now = await wordpressTime();
    const ask = (body: object, auth: Parameters<typeof api>[3] = 'editor') => api('POST', EMBARGO_ROUTE, body, auth);
    const tomorrow = now + DAY;

    expect(await ask({ post: future.id, expires: tomorrow }, contributor)).toMatchObject({
      status: 403,
      json: { code: 'rest_forbidden', message: 'Désolé, vous n’avez pas l’autorisation de créer un lien sous embargo pour cet article.' },
    });
    expect(await ask({ post: future.id, expires: tomorrow }, null)).toMatchObject({
      status: 401,
      json: { message: 'Vous devez être connecté pour créer un lien sous embargo.' },
    });
    expect(await ask({ post: draft.id, expires: tomorrow })).toMatchObject({
      status: 400,
      json: {
        code: 'ffr_presse_embargo_not_scheduled',
        message: `Cet article n’est pas programmé${NBSP}: programmez sa publication pour créer un lien sous embargo.`,
      },
    });
    expect(await ask({ post: published.id, expires: tomorrow })).toMatchObject({
      status: 400,
      json: {
        code: 'ffr_presse_embargo_not_scheduled',
        message: `Cet article est déjà publié${NBSP}: il n’y a plus d’embargo, partagez son adresse publique.`,
      },
    });
    expect(await ask({ post: 987654321, expires: tomorrow })).toMatchObject({ status: 404, json: { code: 'rest_post_invalid_id' } });
    expect(await ask({ post: future.id, expires: now - 60 })).toMatchObject({
      status: 400,
      json: { message: 'La date de fin de l’embargo doit être dans le futur.' },
    });
    const tooFar = await ask({ post: future.id, expires: now + 30 * DAY + 120 });
    expect(tooFar.status).toBe(400);
    expect(tooFar.json.message).toMatch(
      new RegExp(
        `^Un lien sous embargo vaut 30 jours au plus${NBSP}: choisissez une date jusqu’au \\d{2}/\\d{2}/\\d{4} à \\d{1,2}h\\d{2} au plus tard\\.$`,
      ),
    );
    expect(await ask({ post: future.id, expires: 'demain' })).toMatchObject({ status: 400, json: { code: 'rest_invalid_param' } });
    // Thirty days is allowed, and only what was allowed is recorded.
    expect((await ask({ post: future.id, expires: now + 30 * DAY - 120 })).status).toBe(201);
    const { result: counts } = await php<number[]>(
      `return array_map(fn($id) => count(get_post_meta($id, '_ffr_presse_embargo_links')), [${future.id}, ${draft.id}, ${published.id}]);`,
    );
    expect(counts).toEqual([1, 0, 0]);
    // The box is for scheduled posts only.
    const cookies = await login('editor');
    expect((await admin(`post.php?post=${draft.id}&action=edit`, cookies)).text).not.toContain('Lien sous embargo');
  });
});

describe('ffr/v1/posts/{id} (the shim, as the worker reads drafts)', () => {
  it('gives any status, with it, to the preview account only; 401 to a stranger, 403 to a contributor, 404 for no such post', async () => {
    const future = await scheduled(`Annonce programmée ${run}`);
    const draft = await post(`Brouillon à relire ${run}`, 'draft');
    for (const [id, status] of [
      [future.id, 'future'],
      [draft.id, 'draft'],
    ] as const) {
      const r = await api('GET', `/ffr/v1/posts/${id}`, undefined, 'preview');
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({ id, status, typeFlow: 'article' });
      expect(r.json.slug).not.toBe('');
    }
    expect(await api('GET', `/ffr/v1/posts/${future.id}`)).toMatchObject({
      status: 401,
      json: { code: 'rest_forbidden', message: 'Désolé, vous n’avez pas l’autorisation de faire cela.', data: { status: 401 } },
    });
    expect(await api('GET', `/ffr/v1/posts/${future.id}`, undefined, contributor)).toMatchObject({
      status: 403,
      json: { code: 'rest_forbidden' },
    });
    expect(await api('GET', '/ffr/v1/posts/987654321', undefined, 'preview')).toMatchObject({
      status: 404,
      json: { code: 'rest_post_invalid_id', message: 'ID de publication non valide.' },
    });
    // The worker's credential as it sends it, its password with a hyphen that WordPress ignores.
    const worker = await fetch(`${wp.url}/wp-json/ffr/v1/posts/${future.id}`, {
      headers: { authorization: `Basic ${Buffer.from(wp.preview.credentials).toString('base64')}` },
    });
    expect(worker.status).toBe(200);
    // Published articles carry their status too.
    const slug = (await rest('GET', `/posts/${(await post(`Publié ${run}`, 'publish')).id}`)).json.slug;
    expect((await api('GET', `/ffr/v1/posts?slug=${slug}`)).json[0]).toMatchObject({ status: 'publish' });
  });
});

describe('the site opens what the plugin signs (the worker under wrangler dev, on this WordPress)', () => {
  it('an editor’s preview shows the draft; a changed signature is the ordinary 404', async () => {
    const draft = await post(`Brouillon du communiqué ${run}`, 'draft');
    const { result: link } = await php<string>(`wp_set_current_user(${wp.users.editor.id}); return get_preview_post_link(${draft.id});`);
    const { url } = parseLink(link);
    const shown = await site(`${url.pathname}${url.search}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('<strong>Aperçu</strong>');
    expect(decodeEntities(shown.text)).toContain(`Brouillon du communiqué ${run}`);
    url.searchParams.set('sig', linkSignature('apercu', draft.id + 1, Number(url.searchParams.get('exp'))));
    const forged = await site(`${url.pathname}${url.search}`);
    expect(forged.status).toBe(404);
    expect(forged.text).not.toContain(run);
  });

  it('an embargo link invites the journalist to sign in while the post is scheduled, and leads to the article once WordPress publishes it', async () => {
    const future = await scheduled(`Annonce sous embargo ${run}`);
    const made = await api('POST', EMBARGO_ROUTE, { post: future.id }, 'editor');
    expect(made.status).toBe(201);
    const { url } = parseLink(made.json.link);
    const path = `${url.pathname}${url.search}`;
    const before = await site(path);
    expect(before.status).toBe(401);
    expect(before.text).toContain('Contenu sous embargo');
    expect(before.text).not.toContain(run);
    // Published now (WordPress keeps a future date « future »: the date moves to its now, as an
    // editor's « Publier maintenant »): the same link now leads to the article.
    const now = new Date((await wordpressTime()) * 1000).toISOString().slice(0, 19);
    const published = await rest('POST', `/posts/${future.id}`, { status: 'publish', date_gmt: now });
    expect(published.json.status).toBe('publish');
    const after = await site(path);
    expect(after.status).toBe(302);
    expect(after.location).toMatch(/^\/categories\/xv-de-france\/annonce-sous-embargo-/);
    expect((await site(after.location!)).status).toBe(200);
  });
});
