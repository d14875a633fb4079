import { beforeEach, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { readUpstreamConfig } from '../config';
import { generateContent } from '../content/generate';
import type { WpPage, WpPostCard, WpStory } from '../content/types';
import { ContentStore } from '../content/store';
import { createWordPressRoutes } from './routes';
import { TEST_NOW } from '../../test/support/clock';

const config = readUpstreamConfig({}, { port: 0 });
const NOW = Date.parse(TEST_NOW);
const content = generateContent({ baseUrl: config.origin, now: new Date(NOW) });

let store: ContentStore;
let app: Hono;

beforeEach(() => {
  store = new ContentStore(structuredClone(content), () => NOW);
  app = new Hono();
  app.route('/wp-json', createWordPressRoutes(store, config, { verifyAccessToken: async () => null }));
});

const get = async (path: string) => {
  const res = await app.request(`http://127.0.0.1${path}`);
  return { res, body: (await res.json()) as unknown };
};
const wpErrorOf = (body: unknown) => body as { code: string; message: string; data: { status: number } };

describe('team pages (/ffr/v1/pages)', () => {
  it('serves a team page by slug, its news live from its category, event titles as get_the_title() gives them', async () => {
    const { body } = await get('/wp-json/ffr/v1/pages?slug=xv-de-france-equipe');
    const [page] = body as WpPage[];
    expect(page).toMatchObject({ slug: 'xv-de-france-equipe', template: 'equipe', link: '/equipes-de-france/xv-de-france-equipe' });
    expect(page?.effectif.length).toBe(35);
    expect(page?.news.map((n) => n.id)).toEqual(store.latestCards(4, 10).map((n) => n.id));
    const titled = page?.future_events.find((e) => e.title.includes('’') || e.title.includes('&#8217;'));
    expect(titled?.title).toContain('&#8217;');

    // A post published since: the team page shows it first.
    const article =
      store.content.articles.find((a) => a.status === 'draft' && a.categories.includes(10)) ??
      store.content.articles.find((a) => a.status === 'draft');
    if (!article) throw new Error('no draft');
    article.status = 'publish';
    article.categories = [10];
    article.date = '2026-11-22T08:30:00';
    const again = (await get('/wp-json/ffr/v1/pages?slug=xv-de-france-equipe')).body as WpPage[];
    expect(again[0]?.news[0]?.id).toBe(article.id);
  });

  it('lists every page without a slug, the team pages included', async () => {
    const pages = (await get('/wp-json/ffr/v1/pages')).body as WpPage[];
    expect(pages.filter((p) => p.parent === 214).map((p) => p.slug)).toEqual([
      'xv-de-france-equipe',
      'france-feminine-equipe',
      'france-7-equipe',
      'france-u20-equipe',
    ]);
    expect((await get('/wp-json/ffr/v1/pages?slug=equipe-inconnue')).body).toEqual([]);
  });
});

describe('posts by author (/ffr/v1/posts?author[]=)', () => {
  const authorId = () => {
    const counts = new Map<number, number>();
    for (const a of store.published) counts.set(a.auteur.id, (counts.get(a.auteur.id) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0] as [number, number];
  };

  it('pages like every collection: totals, per_page at most 100, 400 past the last page', async () => {
    const [id, count] = authorId();
    expect(count).toBeGreaterThan(10);
    const first = await get(`/wp-json/ffr/v1/posts?author[]=${id}&per_page=10`);
    expect(first.res.headers.get('X-WP-Total')).toBe(String(count));
    expect(first.res.headers.get('X-WP-TotalPages')).toBe(String(Math.ceil(count / 10)));
    const cards = first.body as WpPostCard[];
    expect(cards).toHaveLength(10);
    for (const card of cards) expect(store.articleById(card.id)?.auteur.id).toBe(id);
    const last = Math.ceil(count / 10);
    expect(((await get(`/wp-json/ffr/v1/posts?author[]=${id}&per_page=10&page=${last}`)).body as unknown[]).length).toBe(
      count - (last - 1) * 10,
    );
    const past = await get(`/wp-json/ffr/v1/posts?author[]=${id}&per_page=10&page=${last + 1}`);
    expect(past.res.status).toBe(400);
    expect(wpErrorOf(past.body).code).toBe('rest_post_invalid_page_number');
    expect((await get(`/wp-json/ffr/v1/posts?author[]=${id}&per_page=101`)).res.status).toBe(400);
    // author=2,3 is the same list as author[]=2&author[]=3.
    const both = await get('/wp-json/ffr/v1/posts?author=2,3&per_page=100');
    const twice = await get('/wp-json/ffr/v1/posts?author[]=2&author[]=3&per_page=100');
    expect(both.body).toEqual(twice.body);
    expect(both.res.headers.get('X-WP-Total')).toBe(String(store.published.filter((a) => [2, 3].includes(a.auteur.id)).length));
  });

  it('refuses an author that is not an integer, and finds nothing for an unknown one', async () => {
    const bad = await get('/wp-json/ffr/v1/posts?author[]=claire');
    expect(bad.res.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { author: 'author[0] n’est pas de type integer.' } } });
    const none = await get('/wp-json/ffr/v1/posts?author[]=999');
    expect(none.body).toEqual([]);
    expect(none.res.headers.get('X-WP-Total')).toBe('0');
  });

  it('drops the paging headers when the behaviour says so', async () => {
    store.behaviour.wpPagingHeaders = false;
    const { res } = await get('/wp-json/ffr/v1/posts?author[]=2');
    expect(res.headers.get('X-WP-Total')).toBeNull();
  });
});

describe('users (/wp/v2/users), as an anonymous caller', () => {
  it('shows an author’s public profile, the fields of the view context only', async () => {
    const { res, body } = await get('/wp-json/wp/v2/users/2');
    expect(res.status).toBe(200);
    const author = store.published.find((a) => a.auteur.id === 2)!.auteur;
    expect(body).toEqual({
      id: 2,
      name: 'Claire Dumont',
      url: '',
      description: author.description,
      link: author.author_link,
      slug: 'claire-dumont',
      avatar_urls: { '24': `${config.origin}/wp-content/uploads/avatars/claire-dumont-24.svg`, ...author.avatar_urls },
      meta: [],
      _links: {
        self: [{ href: `${config.origin}/wp-json/wp/v2/users/2`, targetHints: { allow: ['GET'] } }],
        collection: [{ href: `${config.origin}/wp-json/wp/v2/users` }],
      },
    });
    const embed = (await get('/wp-json/wp/v2/users/2?context=embed')).body as Record<string, unknown>;
    expect('meta' in embed).toBe(false);
    expect(embed.name).toBe('Claire Dumont');
  });

  it('is 404 rest_user_invalid_id for an unknown id, 401 rest_user_cannot_view for a user without published posts', async () => {
    const unknown = await get('/wp-json/wp/v2/users/4242');
    expect(unknown.res.status).toBe(404);
    expect(wpErrorOf(unknown.body)).toMatchObject({ code: 'rest_user_invalid_id', data: { status: 404 } });
    const admin = await get('/wp-json/wp/v2/users/1');
    expect(admin.res.status).toBe(401);
    expect(wpErrorOf(admin.body)).toMatchObject({ code: 'rest_user_cannot_view', data: { status: 401 } });
    // An author whose posts are all unpublished is no longer public.
    for (const a of store.content.articles) if (a.auteur.id === 3) a.status = 'draft';
    expect((await get('/wp-json/wp/v2/users/3')).res.status).toBe(401);
    expect((await get('/wp-json/wp/v2/users/2?context=edit')).res.status).toBe(401);
    expect((await get('/wp-json/wp/v2/users/2?context=tout')).res.status).toBe(400);
    expect((await get('/wp-json/wp/v2/users/me')).body).toMatchObject({ code: 'rest_not_logged_in', data: { status: 401 } });
    expect((await get('/wp-json/wp/v2/users/claire')).body).toMatchObject({ code: 'rest_no_route' });
  });

  it('answers an unknown route under ffr/v1 with rest_no_route, before asking for a token', async () => {
    const unknown = await get('/wp-json/ffr/v1/nope');
    expect(unknown.res.status).toBe(404);
    expect(wpErrorOf(unknown.body)).toMatchObject({ code: 'rest_no_route', data: { status: 404 } });
    // The user's own routes still want one.
    expect((await get('/wp-json/ffr/v1/user_prefs')).res.status).toBe(401);
  });

  it('finds an author by slug, lists only authors with published posts, and pages', async () => {
    const bySlug = await get('/wp-json/wp/v2/users?slug=julien-moreau');
    expect((bySlug.body as Array<{ id: number }>).map((u) => u.id)).toEqual([3]);
    expect(bySlug.res.headers.get('X-WP-Total')).toBe('1');
    expect((await get('/wp-json/wp/v2/users?slug=service-web-ffr')).body).toEqual([]);
    const all = await get('/wp-json/wp/v2/users?per_page=100');
    const names = (all.body as Array<{ name: string; id: number }>).map((u) => u.name);
    expect(names).not.toContain('Service web FFR');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'fr')));
    const paged = await get('/wp-json/wp/v2/users?per_page=3&page=2');
    expect((paged.body as unknown[]).length).toBe(3);
    expect(paged.res.headers.get('X-WP-TotalPages')).toBe(String(Math.ceil(names.length / 3)));
    expect(paged.res.headers.get('Link')).toContain('rel="prev"');
    expect(paged.res.headers.get('Link')).toContain('rel="next"');
    expect((await get('/wp-json/wp/v2/users?page=40')).body).toEqual([]);
    expect((await get('/wp-json/wp/v2/users?search=moreau')).body).toMatchObject([{ slug: 'julien-moreau' }]);
    expect((await get('/wp-json/wp/v2/users?include=3,2&orderby=include')).body).toMatchObject([{ id: 3 }, { id: 2 }]);
  });

  it('refuses what only list_users may ask', async () => {
    for (const [query, code] of [
      ['who=authors', 'rest_forbidden_who'],
      ['roles=editor', 'rest_user_cannot_view'],
      ['context=edit', 'rest_forbidden_context'],
      ['orderby=email', 'rest_forbidden_orderby'],
    ] as const) {
      const { res, body } = await get(`/wp-json/wp/v2/users?${query}`);
      expect(res.status, query).toBe(401);
      expect(wpErrorOf(body).code, query).toBe(code);
    }
    expect((await get('/wp-json/wp/v2/users?per_page=101')).res.status).toBe(400);
  });
});

describe('stories (/ffr/v1/stories)', () => {
  it('answers each story the settings list, by id', async () => {
    const ids = store.content.settings.stories_top.split(',');
    for (const id of ids) {
      const { res, body } = await get(`/wp-json/ffr/v1/stories/${id}`);
      expect(res.status).toBe(200);
      const story = body as WpStory;
      expect(story.id).toBe(id);
      expect(story.slides.length).toBeGreaterThan(0);
    }
    const several = (await get(`/wp-json/ffr/v1/stories?include=${ids.slice(0, 2).reverse().join(',')}`)).body as WpStory[];
    expect(several.map((s) => s.id)).toEqual(ids.slice(0, 2).reverse());
    const missing = await get('/wp-json/ffr/v1/stories/st0000');
    expect(missing.res.status).toBe(404);
    expect(wpErrorOf(missing.body).code).toBe('rest_story_invalid_id');
  });
});

describe('posts published after a date (/ffr/v1/posts?after=)', () => {
  it('compares with the site’s wall clock: a zoned date is moved to Paris time, a bare one is Paris time', async () => {
    const [newest, second] = store.publishedSorted();
    if (!newest || !second) throw new Error('no posts');
    // Strictly after: the post published at that very second is not counted.
    const bare = await get(`/wp-json/ffr/v1/posts?${new URLSearchParams({ after: second.date, per_page: '100' })}`);
    expect((bare.body as WpPostCard[]).map((p) => p.id)).toContain(newest.id);
    expect((bare.body as WpPostCard[]).map((p) => p.id)).not.toContain(second.id);
    expect(bare.res.headers.get('x-wp-total')).toBe(String((bare.body as WpPostCard[]).length));

    // The same instant written in UTC (Paris is UTC+1 in November) selects the same posts.
    const utc = new Date(Date.parse(`${second.date}+01:00`)).toISOString().replace('.000', '');
    const zoned = await get(`/wp-json/ffr/v1/posts?${new URLSearchParams({ after: utc, per_page: '100' })}`);
    expect((zoned.body as WpPostCard[]).map((p) => p.id)).toEqual((bare.body as WpPostCard[]).map((p) => p.id));
  });

  it('refuses a date that is not ISO 8601', async () => {
    const { res, body } = await get('/wp-json/ffr/v1/posts?after=hier');
    expect(res.status).toBe(400);
    expect(wpErrorOf(body).code).toBe('rest_invalid_param');
  });
});
