import { reset } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { site } from './helpers';
import { upstream } from './upstream-control';
import { displayText, KEEP_TOGETHER } from '../../src/lib/format/typography';

// SPEC §7: the static lists WordPress writes on publish are read where they hold what a page needs,
// the API being the fallback.

type Card = { title: string };
type Category = { id: number; slug: string; name: string; parent: number };
const LISTS = '/wp-content/uploads/newsroom';
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cardTitles = (html: string) =>
  [...html.matchAll(/<h2 class="card__title"><a [^>]*>(.*?)<\/a>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));
/** A title's words before any score (scores are wrapped to stay on one line). */
/** A title's beginning as the page writes it (ui/Title.tsx: set as French, its scores and hyphenated names in spans of their own). */
const titleStart = (title: string) => escapeHtml(displayText(title).split(KEEP_TOGETHER)[0]!);

beforeEach(async () => {
  await reset();
  await upstream.clearFaults();
  await upstream.reset();
});

async function category(slug: string): Promise<Category> {
  const all = await upstream.json<Category[]>('/wp-json/ffr/v1/categories');
  return all.find((c) => c.slug === slug)!;
}

describe('static lists', () => {
  it('builds a category’s first page from latest_posts_{id}.json, with no posts query, the same cards as the API', async () => {
    const xv = await category('xv-de-france');
    const api = await upstream.json<Card[]>(`/wp-json/ffr/v1/posts?categories=${xv.id}&page=1&per_page=4`);
    await upstream.resetCounters();
    const res = await site('/categories/xv-de-france');
    expect(res.status).toBe(200);
    const html = await res.text();
    const { routes } = await upstream.counters();
    expect(Object.keys(routes)).toContain(`GET ${LISTS}/latest_posts_${xv.id}.json`);
    expect(Object.keys(routes).filter((r) => r.startsWith('GET /wp-json/ffr/v1/posts'))).toEqual([]);
    expect(Object.keys(routes)).toContain(`GET ${LISTS}/categories.json`);
    expect(Object.keys(routes)).not.toContain('GET /wp-json/ffr/v1/categories');
    expect(cardTitles(html)).toEqual(api.map((p) => escapeHtml(p.title)));
    expect(html).toContain('rel="next"');
  });

  it('falls back to the API when a static list is missing', async () => {
    const xv = await category('xv-de-france');
    const api = await upstream.json<Card[]>(`/wp-json/ffr/v1/posts?categories=${xv.id}&page=1&per_page=4`);
    await upstream.fault({ path: `${LISTS}/latest_posts_`, kind: 'status', status: 404 });
    await upstream.fault({ path: `${LISTS}/categories.json`, kind: 'status', status: 500 });
    await upstream.resetCounters();
    const res = await site('/categories/xv-de-france');
    expect(res.status).toBe(200);
    const html = await res.text();
    const { routes } = await upstream.counters();
    expect(Object.keys(routes)).toContain('GET /wp-json/ffr/v1/categories');
    expect(cardTitles(html)).toEqual(api.map((p) => escapeHtml(p.title)));
    // With the API's totals, the count is back.
    expect(html).toMatch(/\d+ contenus/);
  });

  it('makes a home page from last_posts.json and lastest_posts_categories.json when the curated home fails', async () => {
    const latest = await upstream.json<Card[]>(`${LISTS}/last_posts.json`);
    const byCategory = await upstream.json<Array<{ category: Category; posts: Card[] }>>(`${LISTS}/lastest_posts_categories.json`);
    await upstream.fault({ path: '/wp-json/ffr/v1/home', kind: 'status', status: 502 });
    const res = await site('/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(titleStart(latest[0]!.title));
    const withPosts = byCategory.filter((l) => l.posts.length > 0);
    expect(withPosts.length).toBeGreaterThan(1);
    for (const { category, posts } of withPosts) {
      expect(html).toContain(escapeHtml(category.name));
      expect(html).toContain(titleStart(posts[0]!.title));
    }
  });
});
