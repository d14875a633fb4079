import { reset } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { site, warm } from './helpers';
import { upstream } from './upstream-control';

// Author pages (/auteurs/{slug}) against the local upstream: what WordPress lists for an author
// (posts?author[]=, wp/v2/users) is read here straight from the upstream and compared with the page.

type User = { id: number; name: string; slug: string; link: string };
type Card = { id: number; title: string; slug: string; link: string };
type Auteur = { id: number; nom: string; author_link: string; role_edition: string; phone_number: string; email: string };

let users: User[];

/** An upstream list with WordPress's total (X-WP-Total). */
async function upstreamList<T>(path: string): Promise<{ items: T[]; total: number }> {
  const res = await fetch(`${upstream.base}${path}`);
  if (!res.ok) throw new Error(`${path} → ${res.status}`);
  return { items: (await res.json()) as T[], total: Number(res.headers.get('x-wp-total')) };
}
const postsOf = (user: User, page = 1) => upstreamList<Card>(`/wp-json/ffr/v1/posts?author[]=${user.id}&per_page=4&page=${page}`);
const auteurOf = async (slug: string) => (await upstream.json<Array<{ auteur: Auteur }>>(`/wp-json/ffr/v1/posts?slug=${slug}`))[0]!.auteur;

const get = async (path: string) => {
  const res = await site(path, { redirect: 'manual' });
  return { res, body: await res.text() };
};
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cardLinks = (html: string) => [...html.matchAll(/<h3 class="card__title"><a href="([^"]+)"/g)].map((m) => m[1]);
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));

/** The author with the most posts: several pages to walk through. */
async function busiestAuthor(): Promise<{ user: User; total: number }> {
  const counted = await Promise.all(users.map(async (user) => ({ user, total: (await postsOf(user)).total })));
  return counted.sort((a, b) => b.total - a.total)[0]!;
}

beforeAll(async () => {
  await upstream.reset();
  // Only users with published posts are listed to an anonymous caller (wp/v2/users).
  users = await upstream.json<User[]>('/wp-json/wp/v2/users?per_page=100');
});
beforeEach(async () => {
  await reset();
  await upstream.clearFaults();
  await upstream.reset();
});

describe('author pages', () => {
  it('shows the author, their role and contacts, then their 4 newest posts with the total', async () => {
    const { user, total } = await busiestAuthor();
    const newest = await postsOf(user);
    const auteur = await auteurOf(newest.items[0]!.slug);
    const { res, body } = await get(`/auteurs/${user.slug}`);
    expect(res.status).toBe(200);
    expect(body).toContain(`<h1>${escapeHtml(user.name)}</h1>`);
    expect(body).toContain(`<p class="author-head__role">${escapeHtml(auteur.role_edition)}</p>`);
    expect(body).toContain(`href="mailto:${auteur.email}"`);
    expect(body).toContain(`href="tel:${auteur.phone_number.replace(/[^\d+]/g, '')}"`);
    expect(cardLinks(body)).toEqual(newest.items.map((p) => p.link));
    expect(body).toContain(`<p class="category-head__count">${total} contenus</p>`);
    expect(body).toContain(`<title>${escapeHtml(user.name)} — FFR Presse</title>`);
    expect(body).toContain(`<link rel="canonical" href="http://presse.test/auteurs/${user.slug}"/>`);
    const crumbs = jsonLd(body).find((x) => x['@type'] === 'BreadcrumbList');
    expect(crumbs.itemListElement.map((i: { name: string; item: string }) => [i.name, i.item])).toEqual([
      ['Accueil', 'http://presse.test/'],
      [user.name, `http://presse.test/auteurs/${user.slug}`],
    ]);
    expect(res.headers.get('x-ffr-cache')).toBe('MISS');
    expect((await warm(`/auteurs/${user.slug}`)).status).toBe(200);
  });

  it('pages like a category: ?page=N, below 1 or not a number is page 1, past the end is 404', async () => {
    const { user, total } = await busiestAuthor();
    const pages = Math.ceil(total / 4);
    expect(pages).toBeGreaterThan(2);
    const first = await get(`/auteurs/${user.slug}`);
    expect(first.body).toContain(`href="/auteurs/${user.slug}?page=2" rel="next" data-next-page=""`);
    expect(first.body).toContain('data-island="LoadMore"');

    const second = await get(`/auteurs/${user.slug}?page=2`);
    expect(second.res.status).toBe(200);
    expect(cardLinks(second.body)).toEqual((await postsOf(user, 2)).items.map((p) => p.link));
    expect(second.body).toContain(`${total} contenus · page 2 sur ${pages}`);
    expect(second.body).toContain(`<link rel="canonical" href="http://presse.test/auteurs/${user.slug}?page=2"/>`);
    // The contacts are the author's on every page.
    expect(second.body).toContain('class="author-card__contacts"');

    const last = await get(`/auteurs/${user.slug}?page=${pages}`);
    expect(last.res.status).toBe(200);
    expect(cardLinks(last.body)).toHaveLength(total - (pages - 1) * 4);
    expect(last.body).not.toContain('data-next-page');

    for (const q of ['?page=0', '?page=-2', '?page=abc', '?page=1.5']) {
      const { res, body } = await get(`/auteurs/${user.slug}${q}`);
      expect(res.status, q).toBe(200);
      expect(cardLinks(body), q).toEqual(cardLinks(first.body));
    }
    const past = await get(`/auteurs/${user.slug}?page=${pages + 1}`);
    expect(past.res.status).toBe(404);
    expect(past.body).toContain('Cette page est introuvable');
  });

  it('answers an unknown author, one who never published, or an impossible slug with the 404 page', async () => {
    // The federation's first account administers WordPress and signs nothing: it is no author.
    expect(users.map((u) => u.slug)).not.toContain('service-web-ffr');
    const impossible = [
      '/auteurs/a.b',
      `/auteurs/${'a'.repeat(51)}`,
      '/auteurs/claire-dumont,julien-moreau',
      '/auteurs/%ZZ',
      '/auteurs/%00',
      '/author/%c3%28',
      `/auteurs/${'é'.repeat(60)}`,
    ];
    for (const path of ['/auteurs/personne-inconnue', '/auteurs/service-web-ffr', ...impossible]) {
      const { res, body } = await get(path);
      expect(res.status, path).toBe(404);
      expect(body, path).toContain('Cette page est introuvable');
      expect(body, path).toContain('name="robots" content="noindex"');
    }
  });

  it('sends WordPress’s own author address and a slug in capitals to the page (301)', async () => {
    const user = users[0]!;
    const legacy = await get(`/author/${user.slug}?page=2`);
    expect(legacy.res.status).toBe(301);
    expect(legacy.res.headers.get('location')).toBe(`/auteurs/${user.slug}?page=2`);
    const upper = await get(`/auteurs/${user.slug.toUpperCase()}`);
    expect(upper.res.status).toBe(301);
    expect(upper.res.headers.get('location')).toBe(`/auteurs/${user.slug}`);
  });

  it('is reached from an article’s author card', async () => {
    const articles = await upstream.json<Array<{ link: string; slug: string; status: string; redirection: string }>>(
      '/__control/articles?status=publish',
    );
    const article = articles.find((a) => !a.redirection)!;
    const auteur = await auteurOf(article.slug);
    const { body } = await get(article.link);
    const href = /<p class="author-card__name"><a href="([^"]+)">/.exec(body)?.[1];
    expect(href).toBe(`/auteurs/${new URL(auteur.author_link).pathname.split('/').filter(Boolean).pop()}`);
    const author = await get(href!);
    expect(author.res.status).toBe(200);
    expect(author.body).toContain(`<h1>${escapeHtml(auteur.nom)}</h1>`);
    const user = users.find((u) => u.id === auteur.id)!;
    expect(cardLinks(author.body)).toEqual((await postsOf(user)).items.map((p) => p.link));
  });

  it('answers a failed user lookup with the 503 apology and Retry-After, and keeps no copy', async () => {
    const user = users[0]!;
    await upstream.fault({ path: '/wp-json/wp/v2/users', kind: 'status', status: 500 });
    const { res, body } = await get(`/auteurs/${user.slug}`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(body).toContain('Un problème est survenu');
    expect(body).toContain('Merci de rafraîchir la page');
    await upstream.clearFaults();
    const next = await get(`/auteurs/${user.slug}`);
    expect(next.res.status).toBe(200);
    expect(next.res.headers.get('x-ffr-cache')).toBe('MISS');
    // Whole again, the page is kept (and its copy is written before the next test starts).
    expect((await warm(`/auteurs/${user.slug}`)).status).toBe(200);
  });

  it('keeps the profile but answers 503 with Retry-After when the posts cannot be loaded', async () => {
    const user = users.at(-1)!;
    await upstream.fault({ path: '/wp-json/ffr/v1/posts', kind: 'timeout' });
    const { res, body } = await get(`/auteurs/${user.slug}`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(body).toContain(`<h1>${escapeHtml(user.name)}</h1>`);
    expect(body).toContain('Ses publications sont momentanément indisponibles.');
    expect(cardLinks(body)).toEqual([]);
  }, 20_000);

  it('shows a post its author publishes on the next request after the purge', async () => {
    // A new post in a category copies the author of the category's newest post (dev/control/routes.ts).
    const [newest] = (await upstreamList<Card>('/wp-json/ffr/v1/posts?categories=' + (await categoryId('xv-de-france')) + '&per_page=1'))
      .items;
    const auteur = await auteurOf(newest!.slug);
    const user = users.find((u) => u.id === auteur.id)!;
    await warm(`/auteurs/${user.slug}`);
    const title = 'Le XV de France annonce son groupe pour la tournée d’été';
    const { purge } = await upstream.publish({ create: { title, categorySlug: 'xv-de-france' }, alert: false });
    const acked = await site('/api/purge', {
      method: 'POST',
      body: purge.body,
      headers: { 'content-type': 'application/json', 'x-ffr-signature': purge.signature, 'x-ffr-timestamp': purge.timestamp },
    });
    expect(acked.status).toBe(200);
    const res = await site(`/auteurs/${user.slug}`);
    expect(res.headers.get('x-ffr-cache')).toBe('PURGED');
    const body = await res.text();
    expect(body).toContain(escapeHtml(title));
    expect(cardLinks(body)[0]).toMatch(/^\/categories\/xv-de-france\//);
  });
});

async function categoryId(slug: string): Promise<number> {
  const categories = await upstream.json<Array<{ id: number; slug: string }>>('/wp-json/ffr/v1/categories');
  return categories.find((c) => c.slug === slug)!.id;
}
