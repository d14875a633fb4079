import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PurgeBodySchema } from '../../src/cache/purge.server';
import { countingServer, overridePurge, php, pluginWarnings, rest, wp } from './helpers';

// Every kind of change, against a stand-in worker that counts: what each save sends, signed, in
// the worker's own contract (PurgeBodySchema), and never twice.

let worker: Awaited<ReturnType<typeof countingServer>>;
const run = Date.now().toString(36);
const cat = (slug: string) => ({ id: wp.categories[slug]!, slug });

beforeAll(async () => {
  worker = await countingServer();
  await overridePurge({ url: worker.url });
});
beforeEach(() => worker.reset());
afterAll(async () => {
  await overridePurge(null);
  await worker.close();
  expect(await pluginWarnings()).toEqual([]);
});

/** What the worker received since the last reset: each signed and valid for the worker. */
function received() {
  for (const r of worker.received) {
    expect(r.signed, r.body).toBe(true);
    // A nonce of its own on every send: the site takes a signature once (issue 43).
    expect(r.nonce, r.body).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(r.headers['content-type']).toBe('application/json');
    expect(PurgeBodySchema.safeParse(r.json).success, r.body).toBe(true);
  }
  const bodies = worker.received.map((r) => r.json);
  worker.reset();
  return bodies;
}

async function create(fields: Record<string, unknown>) {
  const r = await rest('POST', '/posts', { content: '<!-- wp:paragraph --><p>Texte.</p><!-- /wp:paragraph -->', ...fields });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json as { id: number; slug: string };
}

describe('posts', () => {
  it('publish, update with a new slug and category, save unchanged: one body each, with what changed', async () => {
    const post = await create({ title: `Composition ${run}`, status: 'publish', categories: [cat('xv-de-france').id] });
    expect(received()).toEqual([
      { type: 'post', action: 'publish', post: { id: post.id, slug: post.slug, categories: [cat('xv-de-france')] }, alert: true },
    ]);

    const slug = `composition-officielle-${run}`;
    await rest('POST', `/posts/${post.id}`, { title: `Composition officielle ${run}`, slug, categories: [cat('france-7').id], tags: [] });
    expect(received()).toEqual([
      {
        type: 'post',
        action: 'update',
        post: { id: post.id, slug, categories: [cat('france-7')] },
        alert: true,
        previous: { slug: post.slug, categories: [cat('xv-de-france')] },
      },
    ]);

    await rest('POST', `/posts/${post.id}`, { title: `Composition officielle ${run}` });
    expect(received()).toEqual([
      { type: 'post', action: 'update', post: { id: post.id, slug, categories: [cat('france-7')] }, alert: true },
    ]);
  });

  it('a post in a sub-category also refreshes the parent category', async () => {
    const post = await create({ title: `Six Nations ${run}`, status: 'publish', categories: [cat('tournoi-des-six-nations').id] });
    expect(received()).toEqual([
      {
        type: 'post',
        action: 'publish',
        post: { id: post.id, slug: post.slug, categories: [cat('xv-de-france'), cat('tournoi-des-six-nations')] },
        alert: true,
      },
    ]);
  });

  it('a draft never published sends nothing, however often it is saved; its publication does', async () => {
    const draft = await create({ title: `Brouillon ${run}`, status: 'draft', categories: [cat('france-7').id] });
    await rest('POST', `/posts/${draft.id}`, { title: `Brouillon relu ${run}` });
    await rest('POST', `/posts/${draft.id}`, { status: 'pending' });
    await php(`return wp_update_post(['ID' => ${draft.id}, 'post_content' => 'Autre texte.']);`, { as: 'redaction' });
    expect(received()).toEqual([]);

    const published = await rest('POST', `/posts/${draft.id}`, { status: 'publish' });
    expect(received()).toEqual([
      { type: 'post', action: 'publish', post: { id: draft.id, slug: published.json.slug, categories: [cat('france-7')] }, alert: true },
    ]);
  });

  it('unpublish, trash, restore and delete', async () => {
    const post = await create({ title: `Cycle de vie ${run}`, status: 'publish', categories: [cat('communiques-de-presse').id] });
    received();
    const body = (action: string) => ({
      type: 'post',
      action,
      post: { id: post.id, slug: post.slug, categories: [cat('communiques-de-presse')] },
      alert: true,
    });

    await rest('POST', `/posts/${post.id}`, { status: 'draft' });
    expect(received()).toEqual([body('unpublish')]);
    await rest('POST', `/posts/${post.id}`, { status: 'publish' });
    expect(received()).toEqual([body('publish')]);

    // The trashed post's slug gets a __trashed suffix: the site knew it without.
    await rest('DELETE', `/posts/${post.id}`);
    expect(received()).toEqual([body('trash')]);
    // Restored as a draft (WordPress's default since 5.6): nothing for the site to show.
    expect((await php<string>(`wp_untrash_post(${post.id}); return get_post_status(${post.id});`, { as: 'redaction' })).result).toBe(
      'draft',
    );
    expect(received()).toEqual([]);

    await rest('POST', `/posts/${post.id}`, { status: 'publish' });
    await rest('DELETE', `/posts/${post.id}`);
    expect(received()).toEqual([body('publish'), body('trash')]);
    // Restored to its status before the trash (core's helper for that filter): back on the site.
    const restored = await php<string>(
      `add_filter('wp_untrash_post_status', 'wp_untrash_post_set_previous_status', 10, 3); wp_untrash_post(${post.id}); return get_post_status(${post.id});`,
      { as: 'redaction' },
    );
    expect(restored.result).toBe('publish');
    expect(received()).toEqual([body('restore')]);

    await rest('DELETE', `/posts/${post.id}?force=true`);
    expect(received()).toEqual([body('delete')]);
  });

  it('a post saved twice in one request (a save_post handler saving again) sends its net change once', async () => {
    const post = await create({ title: `Double ${run}`, status: 'publish', categories: [cat('xv-de-france').id] });
    received();
    await php(
      `add_action('save_post_post', function ($id) {
        static $again = false;
        if ($again) return;
        $again = true;
        wp_update_post(['ID' => $id, 'post_excerpt' => 'Résumé ajouté par une extension.']);
      });
      wp_update_post(['ID' => ${post.id}, 'post_title' => 'Double relu ${run}', 'post_category' => [${cat('france-7').id}]]);
      wp_set_post_terms(${post.id}, ['Relu'], 'post_tag');
      return true;`,
      { as: 'redaction' },
    );
    const bodies = received();
    expect(bodies.filter((b) => b.type === 'post')).toEqual([
      {
        type: 'post',
        action: 'update',
        post: { id: post.id, slug: post.slug, categories: [cat('france-7')] },
        alert: true,
        previous: { categories: [cat('xv-de-france')] },
      },
    ]);
  });

  it('autosaves and revisions send nothing', async () => {
    const post = await create({ title: `Autosave ${run}`, status: 'publish', categories: [cat('xv-de-france').id] });
    received();
    const autosave = await rest('POST', `/posts/${post.id}/autosaves`, { title: `Autosave en cours ${run}`, content: 'Texte en cours.' });
    expect(autosave.status).toBe(200);
    expect(received()).toEqual([]);
  });
});

describe('pages, partners, menus, settings', () => {
  it('a published page is a site change; a draft page is nothing', async () => {
    await php(`return wp_insert_post(['post_type' => 'page', 'post_title' => 'Brouillon de page ${run}', 'post_status' => 'draft']);`, {
      as: 'admin',
    });
    expect(received()).toEqual([]);
    const { result: id } = await php<number>(
      `return wp_insert_post(['post_type' => 'page', 'post_title' => 'Accréditations ${run}', 'post_status' => 'publish']);`,
      { as: 'admin' },
    );
    expect(received()).toEqual([{ type: 'site', action: 'update', reason: 'page' }]);
    await php(`return wp_delete_post(${id}, true) !== false;`, { as: 'admin' });
    expect(received()).toEqual([{ type: 'site', action: 'update', reason: 'page' }]);
  });

  it('a partner is a site change', async () => {
    const { result: id } = await php<number>(
      `return wp_insert_post(['post_type' => 'partenaire', 'post_title' => 'Partenaire ${run}', 'post_status' => 'publish']);`,
      { as: 'admin' },
    );
    expect(received()).toEqual([{ type: 'site', action: 'update', reason: 'partners' }]);
    await php(`return wp_delete_post(${id}, true) !== false;`, { as: 'admin' });
    received();
  });

  it('a menu saved with all its items sends one body', async () => {
    await php(
      `$menu = wp_get_nav_menu_object('categories');
      foreach (wp_get_nav_menu_items($menu->term_id) as $item) {
        wp_update_nav_menu_item($menu->term_id, $item->ID, ['menu-item-type' => $item->type, 'menu-item-object' => $item->object,
          'menu-item-object-id' => $item->object_id, 'menu-item-position' => $item->menu_order, 'menu-item-status' => 'publish']);
      }
      wp_update_nav_menu_object($menu->term_id, ['menu-name' => 'categories']);
      return true;`,
      { as: 'admin' },
    );
    expect(received()).toEqual([{ type: 'site', action: 'update', reason: 'menu' }]);
  });

  it('the federation’s settings (blogname, blogdescription, ffr_*) send one body a request; other options nothing', async () => {
    await php(
      `update_option('blogname', 'FFR Presse ${run}');
      update_option('blogdescription', 'La salle de presse ${run}');
      update_option('ffr_contacts_presse', ['email' => 'presse@ffr.fr', 'run' => '${run}']);
      return true;`,
      { as: 'admin' },
    );
    expect(received()).toEqual([{ type: 'site', action: 'update', reason: 'settings' }]);
    await php(`update_option('posts_per_page', 12); update_option('ffr_presse_purge_last_result', ['ok' => true]); return true;`, {
      as: 'admin',
    });
    expect(received()).toEqual([]);
    await php(
      `update_option('blogname', 'FFR Presse'); update_option('blogdescription', 'La salle de presse de la Fédération française de rugby'); return true;`,
      { as: 'admin' },
    );
    received();
  });
});

describe('categories, tags, forms', () => {
  it('a category created, renamed and deleted', async () => {
    const created = await rest('POST', '/categories', { name: `Rugby à XIII ${run}`, slug: `rugby-a-xiii-${run}` });
    expect(created.status).toBe(201);
    const id = created.json.id as number;
    expect(received()).toEqual([{ type: 'term', action: 'create', taxonomy: 'category', term: { id, slug: `rugby-a-xiii-${run}` } }]);

    await rest('POST', `/categories/${id}`, { description: 'Sans changement de nom.' });
    expect(received()).toEqual([{ type: 'term', action: 'update', taxonomy: 'category', term: { id, slug: `rugby-a-xiii-${run}` } }]);

    await rest('POST', `/categories/${id}`, { name: `Rugby à 13 ${run}`, slug: `rugby-a-13-${run}` });
    expect(received()).toEqual([
      {
        type: 'term',
        action: 'update',
        taxonomy: 'category',
        term: { id, slug: `rugby-a-13-${run}` },
        previous: { slug: `rugby-a-xiii-${run}` },
      },
    ]);

    await rest('DELETE', `/categories/${id}?force=true`);
    expect(received()).toEqual([{ type: 'term', action: 'delete', taxonomy: 'category', term: { id, slug: `rugby-a-13-${run}` } }]);
  });

  it('a tag renamed', async () => {
    const created = await rest('POST', '/tags', { name: `Tournée d’été ${run}` });
    const id = created.json.id as number;
    expect(received()).toEqual([{ type: 'term', action: 'create', taxonomy: 'post_tag', term: { id, slug: created.json.slug } }]);
    await rest('POST', `/tags/${id}`, { name: `Tournée de juillet ${run}`, slug: `tournee-de-juillet-${run}` });
    expect(received()).toEqual([
      {
        type: 'term',
        action: 'update',
        taxonomy: 'post_tag',
        term: { id, slug: `tournee-de-juillet-${run}` },
        previous: { slug: created.json.slug },
      },
    ]);
  });

  it('a Contact Form 7 form saved or deleted', async () => {
    // Contact Form 7 is not installed here: its hook is fired with an object of the same interface
    // (WPCF7_ContactForm::id(), ::name()), and its post type registered for the deletion.
    await php(
      `$form = new class { public function id() { return 101; } public function name() { return 'contactez-nous'; } };
      do_action('wpcf7_after_save', $form);
      do_action('wpcf7_after_save', $form);
      return true;`,
      { as: 'admin' },
    );
    expect(received()).toEqual([{ type: 'form', action: 'update', form: { id: 101, slug: 'contactez-nous' } }]);
    await php(
      `register_post_type('wpcf7_contact_form');
      $id = wp_insert_post(['post_type' => 'wpcf7_contact_form', 'post_title' => 'Accréditation', 'post_name' => 'accreditation-${run}', 'post_status' => 'publish']);
      return wp_delete_post($id, true) !== false;`,
      { as: 'admin' },
    );
    const bodies = received();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ type: 'form', action: 'delete', form: { slug: `accreditation-${run}` } });
  });
});
