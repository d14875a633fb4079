import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { adminNotices, overridePurge, php, pluginState, pluginWarnings, rest, site, warm, wp } from './helpers';
import { frenchSpaces } from '../../src/lib/format/typography';

// Publish in WordPress, read on the site: the plugin's signed purge is what makes the change show
// at once, well inside the 60 s freshness window.

const run = Date.now().toString(36);
const FRESHNESS_MS = 60_000;

afterEach(() => overridePurge(null));
afterAll(async () => expect(await pluginWarnings()).toEqual([]));

async function publish(title: string, category: string) {
  const { status, json } = await rest('POST', '/posts', {
    title,
    status: 'publish',
    content: `<!-- wp:paragraph --><p>${title}, texte de l’article.</p><!-- /wp:paragraph -->`,
    categories: [wp.categories[category]],
  });
  expect(status).toBe(201);
  return json as { id: number; slug: string };
}

describe('a publish reaches the worker', () => {
  it('sends a signed purge that the worker accepts, and no notice', async () => {
    const post = await publish(`Liste des Bleus pour le Tournoi ${run}`, 'xv-de-france');
    const state = await pluginState();
    expect(state.lastResult).toMatchObject({ ok: true, status: 200 });
    expect(JSON.parse((state.lastResult as { body: string }).body)).toEqual({
      type: 'post',
      action: 'publish',
      post: { id: post.id, slug: post.slug, categories: [{ id: wp.categories['xv-de-france'], slug: 'xv-de-france' }] },
      alert: true,
    });
    expect(state.lastError).toBe(false);
    expect(state.queue).toEqual([]);
    expect(await adminNotices('redaction')).not.toContain('FFR Presse');
    // The site shows it right away, on the pages that were already cached.
    const article = await site(`/categories/xv-de-france/${post.slug}`);
    expect(article.status).toBe(200);
    expect(article.text).toContain(`Liste des Bleus pour le Tournoi ${run}`);
  });
});

describe('an edited post that changes category', () => {
  it('is fresh on its article, both category pages, the home and the feed on the very next request', async () => {
    const original = `Le XV de France en stage à Marcoussis ${run}`;
    const hidden = `Titre changé sans purge ${run}`;
    const edited = `France 7 : le groupe pour Dubaï ${run}`;
    // Pages write French punctuation with its narrow no-break space (src/lib/format/typography.ts);
    // feeds and metadata keep WordPress's text as it is.
    const shows = (text: string, title: string) => text.includes(title) || text.includes(frenchSpaces(title));
    const post = await publish(original, 'xv-de-france');
    const oldPath = `/categories/xv-de-france/${post.slug}`;
    const newPath = `/categories/france-7/${post.slug}`;
    const pages = [oldPath, '/categories/xv-de-france', '/categories/france-7', '/'];

    const warmedAt = Date.now();
    for (const path of pages) expect((await warm(path)).text).toContain(path === '/categories/france-7' ? 'France 7' : original);
    await site('/rss.xml');
    expect((await site('/rss.xml')).text).toContain(original);

    // Without a purge the site keeps what it has for the freshness window: a change made in the
    // database behind WordPress's back (no hook, no purge) does not show.
    await php(
      `global $wpdb; $wpdb->update($wpdb->posts, ['post_title' => ${JSON.stringify(hidden)}], ['ID' => ${post.id}]); clean_post_cache(${post.id}); return true;`,
    );
    for (const path of pages) {
      const r = await site(path);
      expect(r.cache, path).toBe('HIT');
      expect(r.text).not.toContain(hidden);
    }
    expect((await site('/rss.xml')).text).toContain(original);

    // The editor's save (block editor → REST): new title, new category.
    const saved = await rest('POST', `/posts/${post.id}`, { title: edited, categories: [wp.categories['france-7']] });
    expect(saved.status).toBe(200);
    const body = JSON.parse(((await pluginState()).lastResult as { body: string }).body);
    expect(body).toEqual({
      type: 'post',
      action: 'update',
      post: { id: post.id, slug: post.slug, categories: [{ id: wp.categories['france-7'], slug: 'france-7' }] },
      alert: true,
      previous: { categories: [{ id: wp.categories['xv-de-france'], slug: 'xv-de-france' }] },
    });

    const article = await site(newPath);
    expect(article.status).toBe(200);
    expect(shows(article.text, edited)).toBe(true);
    // The old address was a cached page: it now leads to the new one.
    const old = await site(oldPath);
    expect(old.status).toBe(301);
    expect(old.location).toBe(newPath);
    const oldCategory = await site('/categories/xv-de-france');
    expect(oldCategory.cache).toBe('PURGED');
    for (const title of [original, hidden, edited]) expect(shows(oldCategory.text, title), title).toBe(false);
    const newCategory = await site('/categories/france-7');
    expect(newCategory.cache).toBe('PURGED');
    expect(shows(newCategory.text, edited)).toBe(true);
    const home = await site('/');
    expect(home.cache).toBe('PURGED');
    expect(shows(home.text, edited)).toBe(true);
    expect(home.text).not.toContain(original);
    expect(shows((await site('/rss.xml')).text, edited)).toBe(true);
    // All of it inside the freshness window: only the purge explains it.
    expect(Date.now() - warmedAt).toBeLessThan(FRESHNESS_MS);
  });
});

describe('the site-wide changes', () => {
  it('a renamed category: its new address works and the old one is gone at once', async () => {
    const id = wp.categories['france-feminine'];
    await warm('/categories/france-feminine');
    try {
      const r = await rest('POST', `/categories/${id}`, { name: 'Les Bleues', slug: 'les-bleues' });
      expect(r.status).toBe(200);
      expect(JSON.parse(((await pluginState()).lastResult as { body: string }).body)).toEqual({
        type: 'term',
        action: 'update',
        taxonomy: 'category',
        term: { id, slug: 'les-bleues' },
        previous: { slug: 'france-feminine' },
      });
      expect((await site('/categories/france-feminine')).status).toBe(404);
      const renamed = await site('/categories/les-bleues');
      expect(renamed.status).toBe(200);
      expect(renamed.text).toContain('Les Bleues');
    } finally {
      await rest('POST', `/categories/${id}`, { name: 'France féminine', slug: 'france-feminine' });
    }
    expect((await site('/categories/france-feminine')).status).toBe(200);
  });

  it('a saved menu shows in the header at once', async () => {
    await warm('/');
    const rename = (label: string) =>
      php(
        `
        $menu = wp_get_nav_menu_object('categories');
        $item = wp_get_nav_menu_items($menu->term_id)[0];
        wp_update_nav_menu_item($menu->term_id, $item->ID, [
          'menu-item-type' => $item->type, 'menu-item-object' => $item->object, 'menu-item-object-id' => $item->object_id,
          'menu-item-position' => $item->menu_order, 'menu-item-status' => 'publish', 'menu-item-title' => ${JSON.stringify(label)},
        ]);
        wp_update_nav_menu_object($menu->term_id, ['menu-name' => 'categories']);
        return true;`,
        { as: 'admin' },
      );
    try {
      await rename(`Les Bleus ${run}`);
      expect(JSON.parse(((await pluginState()).lastResult as { body: string }).body)).toEqual({
        type: 'site',
        action: 'update',
        reason: 'menu',
      });
      const home = await site('/');
      expect(home.cache).toBe('PURGED');
      expect(home.text).toContain(`Les Bleus ${run}`);
    } finally {
      await rename('');
    }
  });

  it('changed settings show at once', async () => {
    await warm('/');
    try {
      await rest('POST', '/settings', { title: `FFR Presse ${run}` }, 'admin');
      expect(JSON.parse(((await pluginState()).lastResult as { body: string }).body)).toEqual({
        type: 'site',
        action: 'update',
        reason: 'settings',
      });
      const home = await site('/');
      expect(home.cache).toBe('PURGED');
      expect(home.text).toContain(`FFR Presse ${run}`);
    } finally {
      await rest('POST', '/settings', { title: 'FFR Presse' }, 'admin');
    }
  });

  it('a new partner shows at once', async () => {
    await warm('/');
    const { result: id } = await php<number>(
      `return wp_insert_post(['post_type' => 'partenaire', 'post_title' => 'Partenaire ${run}', 'post_status' => 'publish', 'meta_input' => ['lien' => 'https://www.ffr.fr']]);`,
      { as: 'admin' },
    );
    try {
      expect(JSON.parse(((await pluginState()).lastResult as { body: string }).body)).toEqual({
        type: 'site',
        action: 'update',
        reason: 'partners',
      });
      const home = await site('/');
      expect(home.cache).toBe('PURGED');
      expect(home.text).toContain(`Partenaire ${run}`);
    } finally {
      await php(`return wp_delete_post(${id}, true) !== false;`, { as: 'admin' });
    }
    expect((await site('/')).text).not.toContain(`Partenaire ${run}`);
  });
});
