import { createExecutionContext, reset } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import worker from '../../src/index';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { site } from './helpers';
import { upstream } from './upstream-control';

type ArticleSummary = {
  id: number;
  slug: string;
  title: string;
  link: string;
  status: string;
  redirection: string;
  blocks: string[];
  illustration: string;
  file: string;
};
type Category = { id: number; slug: string; name: string; parent: number; count: number };

let articles: ArticleSummary[];
let categories: Category[];

beforeAll(async () => {
  await upstream.reset();
  articles = await upstream.json<ArticleSummary[]>('/__control/articles');
  categories = await upstream.json<Category[]>('/wp-json/ffr/v1/categories');
});
beforeEach(async () => {
  await reset();
  await upstream.clearFaults();
  await upstream.reset();
});

const get = async (path: string) => {
  const res = await site(path, { redirect: 'manual' });
  return { res, body: await res.text() };
};
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
const count = (text: string, needle: string) => text.split(needle).length - 1;
const published = () => articles.filter((a) => a.status === 'publish' && !a.redirection);

describe('category pages', () => {
  it('lists the first 4 cards, breadcrumb JSON-LD and working page links; totals from page 2', async () => {
    const { res, body } = await get('/categories/xv-de-france');
    expect(res.status).toBe(200);
    expect(body).toContain('<h1>XV de France</h1>');
    expect(count(body, '<article class="card')).toBe(4);
    // The first page comes from the static list, which has no totals (test/worker/static-lists.test.ts).
    expect(body).not.toMatch(/\d+ contenus/);
    expect(body).toContain('href="/categories/xv-de-france?page=2"');
    expect(jsonLd(body).map((x) => x['@type'])).toContain('BreadcrumbList');
    const page2 = await get('/categories/xv-de-france?page=2');
    expect(page2.res.status).toBe(200);
    expect(count(page2.body, '<article class="card')).toBe(4);
    expect(page2.body).toContain('page 2 sur');
    expect(page2.body).toMatch(/\d+ contenus/);
  });

  it('reads a page below 1 or not a number as the first page, and 404s past the end', async () => {
    const first = await get('/categories/xv-de-france');
    for (const q of ['?page=-3', '?page=abc', '?page=0', '?page=1.5']) {
      const { res, body } = await get(`/categories/xv-de-france${q}`);
      expect(res.status, q).toBe(200);
      expect(body.match(/<h3 class="card__title">.*?<\/h3>/g), q).toEqual(first.body.match(/<h3 class="card__title">.*?<\/h3>/g));
    }
    expect((await get('/categories/xv-de-france?page=999')).res.status).toBe(404);
  });

  it('shows a sub-category under its parent, and 404s for unknown categories', async () => {
    const parent = categories.find((c) => c.slug === 'xv-de-france')!;
    const child = categories.find((c) => c.parent === parent.id)!;
    const { res, body } = await get(`/categories/xv-de-france/${child.slug}`);
    expect(res.status).toBe(200);
    expect(body).toContain(`<h1>${escapeHtml(child.name)}</h1>`);
    expect(body).toContain('href="/categories/xv-de-france">XV de France</a>');
    expect((await get('/categories/inconnue')).res.status).toBe(404);
    expect((await get(`/categories/france-7/${child.slug}`)).res.status).toBe(404);
  });
});

describe('article pages', () => {
  it('renders the article with French dates, its blocks and NewsArticle JSON-LD', async () => {
    const a = published().find((x) => x.blocks.includes('table') && x.blocks.includes('quote'))!;
    const { res, body } = await get(a.link);
    expect(res.status).toBe(200);
    expect(body).toContain(escapeHtml(a.title).replace(/’/g, '’'));
    const text = body.replace(/<[^>]+>/g, '');
    expect(/Publié le (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2}(er)? \S+ \d{4} à \d{2}h\d{2}/.test(text)).toBe(true);
    expect(body).toContain(`<title>${escapeHtml(a.title)}`);
    expect(count(body, '— FFR Presse</title>') + count(body, '| FFR Presse</title>')).toBe(1);
    expect(body).toContain('<table');
    expect(body).toContain('<blockquote');
    const ld = jsonLd(body);
    const article = ld.find((x) => x['@type'] === 'NewsArticle');
    expect(article.headline).toBeTruthy();
    expect(article.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00$/);
    expect(body).toContain('<meta property="og:type" content="article"/>');
    expect(body).toContain(`<link rel="canonical" href="http://presse.test${a.link}"/>`);
  });

  it('answers an unknown article with 404 and the apology article', async () => {
    const { res, body } = await get('/categories/xv-de-france/cet-article-n-existe-pas');
    expect(res.status).toBe(404);
    expect(body).toContain('Cet article est introuvable');
    expect(body).toContain('name="robots" content="noindex"');
  });

  it('answers an upstream failure with the apology asking to refresh, never a 500', async () => {
    await upstream.fault({ path: '/wp-json/ffr/v1/posts', kind: 'status', status: 500 });
    const { res, body } = await get(published()[0]!.link);
    expect(res.status).toBe(503);
    expect(body).toContain('Merci de rafraîchir la page');
  });

  it('sends a wrong category path to the canonical address', async () => {
    const a = published().find((x) => !x.link.startsWith('/categories/arbitrage/'))!;
    const slug = a.link.split('/').pop();
    const { res } = await get(`/categories/arbitrage/${slug}`);
    expect([301, 404]).toContain(res.status);
    if (res.status === 301) expect(res.headers.get('location')).toBe(a.link);
  });

  it('follows a redirection to the federation’s sites only', async () => {
    const redirected = articles.find((x) => x.status === 'publish' && x.redirection)!;
    const ok = await get(redirected.link);
    expect(ok.res.status).toBe(302);
    expect(ok.res.headers.get('location')).toBe(redirected.redirection);
    // Fetched ahead by the browser, it does not lead off the site: 204, nothing to keep.
    const ahead = await site(redirected.link, { headers: { 'sec-purpose': 'prefetch' } });
    expect(ahead.status).toBe(204);
    expect(ahead.headers.get('location')).toBeNull();
    expect(ahead.headers.get('cache-control')).toBe('no-store');
    // A redirect within the site is still followed when fetched ahead.
    expect((await site(`${redirected.link}/`, { headers: { 'sec-purpose': 'prefetch' } })).status).toBe(301);

    await reset();
    await upstream.publish({ slug: redirected.slug, redirection: 'https://evil.example/phishing' });
    const refused = await get(redirected.link);
    expect(refused.res.status).toBe(200);
    expect(refused.body).not.toContain('evil.example');
  });

  it('streams a press kit zip with the article’s media and a LISEZMOI', async () => {
    const a = published().find((x) => x.illustration && x.blocks.includes('gallery'))!;
    const res = await site(`${a.link}/kit-presse.zip`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const names: string[] = [];
    const view = new DataView(bytes.buffer);
    for (let i = 0; i + 46 < bytes.length; i++) {
      if (view.getUint32(i, true) !== 0x02014b50) continue; // central directory header
      const len = view.getUint16(i + 28, true);
      names.push(new TextDecoder().decode(bytes.subarray(i + 46, i + 46 + len)));
    }
    expect(names).toContain('LISEZMOI.txt');
    expect(names.length).toBeGreaterThanOrEqual(3);
  });
});

describe('pages', () => {
  it('shows displayable pages, redirects, and 404s the others', async () => {
    expect((await get('/mentions-legales')).body).toContain('<h1>Mentions légales</h1>');
    const contact = await get('/contact');
    expect(contact.body).toContain('presse@ffr.fr');
    expect(contact.body).toContain('Voir sur la carte');
    expect(contact.body).toContain('tel:+33169636465');
    expect((await get('/offres-entreprises--partenaire')).res.status).toBe(200);
    expect((await get('/organigramme-du-service-de-presse')).res.status).toBe(404); // niveau 3
    const billetterie = await get('/billetterie');
    expect(billetterie.res.status).toBe(302);
    expect(billetterie.res.headers.get('location')).toBe('https://billetterie.ffr.fr');
  });

  it('maps the old addresses', async () => {
    const old = await get('/actualites/xv-de-france/un-article');
    expect(old.res.status).toBe(301);
    expect(old.res.headers.get('location')).toBe('/categories/xv-de-france/un-article');
    const search = await get('/resultats-de-recherche/?s=Dupont');
    expect(search.res.headers.get('location')).toBe('/recherche?query=Dupont');
  });
});

describe('events', () => {
  it('lists upcoming and past events and serves an iCalendar feed that parses', async () => {
    const list = await get('/evenements');
    expect(list.res.status).toBe(200);
    expect(list.body).toContain('À venir');
    expect(list.body).toContain('Événements passés');
    const ics = await get('/evenements.ics');
    expect(ics.res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const lines = ics.body.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);
    const events = count(ics.body, 'BEGIN:VEVENT');
    expect(events).toBe(count(list.body, '<article class="event">'));
    expect(events).toBeGreaterThanOrEqual(30);
  });

  it('shows one event with SportsEvent JSON-LD and its own calendar file', async () => {
    const list = await get('/evenements');
    const href = /href="(\/evenements\/[^"]+)"/.exec(list.body)![1]!;
    const { res, body } = await get(href);
    expect(res.status).toBe(200);
    expect(jsonLd(body).map((x) => x['@type'])).toContain('SportsEvent');
    expect(body).toContain('Ajouter à mon calendrier');
    const one = await get(`${href}.ics`);
    expect(count(one.body, 'BEGIN:VEVENT')).toBe(1);
    expect((await get('/evenements/inconnu')).res.status).toBe(404);
  });
});

describe('feeds for machines', () => {
  it('serves RSS 2.0 for the site and per category', async () => {
    const rss = await get('/rss.xml');
    expect(rss.res.headers.get('content-type')).toContain('application/rss+xml');
    expect(rss.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\s*<rss version="2.0"/);
    expect(count(rss.body, '<item>')).toBe(30);
    const cat = await get('/categories/xv-de-france/rss.xml');
    expect(count(cat.body, '<item>')).toBeGreaterThan(0);
    expect(cat.body).toContain('XV de France');
  });

  it('serves a sitemap index, its parts, the news sitemap and robots.txt', async () => {
    const total = published().length + articles.filter((x) => x.status === 'publish' && x.redirection).length;
    const index = await get('/sitemap.xml');
    expect(count(index.body, '<sitemap>')).toBe(1 + Math.ceil(total / 100));
    const posts = await get('/sitemap-posts-1.xml');
    expect(count(posts.body, '<url>')).toBe(Math.min(100, total));
    const pages = await get('/sitemap-pages.xml');
    expect(pages.body).toContain('<loc>http://presse.test/categories/xv-de-france</loc>');
    // The pages the menus link to (the national teams'), and the featured stories.
    expect(pages.body).toContain('<loc>http://presse.test/equipes-de-france/xv-de-france-equipe</loc>');
    expect(pages.body).toContain('<loc>http://presse.test/equipes-de-france/france-7-equipe</loc>');
    expect(pages.body).toMatch(/<loc>http:\/\/presse\.test\/stories\/[^<]+<\/loc>/);
    const locs = [...pages.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.every((loc) => loc!.startsWith('http://presse.test/') && !/[?#]/.test(loc!))).toBe(true);
    const news = await get('/sitemap-news.xml');
    expect(news.body).toContain('xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"');
    const robots = await get('/robots.txt');
    expect(robots.body).toContain('Sitemap: http://presse.test/sitemap.xml');
    expect((await get('/sitemap-posts-99.xml')).res.status).toBe(404);
  });

  it('on staging: robots.txt keeps every crawler out, and every answer says noindex', async () => {
    // Staging's configuration (https everywhere); robots.txt calls no upstream, so none has to answer.
    const staging = {
      ENVIRONMENT: 'staging',
      PUBLIC_ORIGIN: 'https://pp.presse.test',
      WP_API_URL: 'https://wordpress.invalid/wp-json',
      STATIC_LISTS_URL: 'https://wordpress.invalid/newsroom',
      MIDDLEWARE_URL: 'https://middleware.invalid',
      OIDC_ISSUER: 'https://connexion.invalid',
      ALGOLIA_HOST: 'https://algolia.invalid',
      CF_API_URL: 'https://api.cloudflare.invalid/client/v4',
      SMTP_URL: 'smtps://smtp.invalid:465',
    };
    // The tests' pinned calendar is for development only.
    const { SITE_NOW: _, ...unpinned } = env as unknown as Record<string, unknown>;
    const res = await worker.fetch(
      new Request('https://pp.presse.test/robots.txt'),
      { ...unpinned, ...staging } as unknown as typeof env,
      createExecutionContext(),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^User-agent: \*\nDisallow: \/\n/);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    // Production's stays as it was.
    const production = await get('/robots.txt');
    expect(production.body).not.toMatch(/^Disallow: \/$/m);
    expect(production.res.headers.get('x-robots-tag')).toBeNull();
  });
});
