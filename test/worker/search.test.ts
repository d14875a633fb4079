import { env } from 'cloudflare:workers';
import { reset } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { site } from './helpers';
import { upstream } from './upstream-control';

beforeEach(async () => {
  await reset();
  await upstream.clearFaults();
  await upstream.reset();
});

const get = async (path: string) => {
  const res = await site(path);
  return { res, body: await res.text() };
};
const titles = (html: string) => [...html.matchAll(/<h[23] class="card__title"><a href="[^"]+">([\s\S]*?)<\/a><\/h[23]>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));
/** One query of the local Algolia, asked directly: what the site's search is built from. */
const algolia = async <T>(request: Record<string, unknown>): Promise<{ nbHits: number; hits: T[] }> => {
  const res = await fetch(`${upstream.base}/1/indexes/*/queries`, {
    method: 'POST',
    headers: { 'x-algolia-application-id': env.ALGOLIA_APP_ID, 'x-algolia-api-key': env.ALGOLIA_SEARCH_KEY, 'content-type': 'text/plain' },
    body: JSON.stringify({ requests: [request] }),
  });
  return ((await res.json()) as { results: Array<{ nbHits: number; hits: T[] }> }).results[0]!;
};
/** How many posts a query matches in the newsroom index. */
const newsroomHits = async (query: string) => (await algolia({ indexName: 'newsroom', query, filters: 'type:post', hitsPerPage: 0 })).nbHits;
/** The last name of a player no post mentions in the seeded content of the run's instant. */
async function playerNoPostMentions(): Promise<string> {
  const { hits } = await algolia<{ nom: string }>({ indexName: 'joueurs', query: '', hitsPerPage: 1000 });
  for (const { nom } of hits) if (/^[a-zà-ÿ-]{5,}$/i.test(nom) && (await newsroomHits(nom)) === 0) return nom;
  throw new Error('every player is mentioned by some post');
}
const dates = (html: string) => [...html.matchAll(/<time class="card__date" dateTime="([^"]+)"/g)].map((m) => m[1]!);

describe('/recherche', () => {
  it('finds « equipe » accent-insensitively, highlighted and escaped, newest first by default', async () => {
    const { res, body } = await get('/recherche?query=equipe');
    expect(res.status).toBe(200);
    expect(body).toMatch(/\d+ résultats<!-- --> pour «\u00a0equipe\u00a0»/);
    // Highlighted whatever its accents and case (« équipe », « Équipes », « equipe »): on the page
    // sorted by relevance, where the posts whose title matches come first.
    const relevant = (await get('/recherche?query=equipe&sort=pertinence')).body;
    const marks = [...relevant.matchAll(/<mark>([^<]+)<\/mark>/g)].map((m) => m[1]!.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark).toMatch(/^equip/);
    const d = dates(body);
    expect(d.length).toBe(10);
    expect([...d].sort().reverse()).toEqual(d);
    expect(body).toContain('name="robots" content="noindex"');
    expect(body).not.toContain('class="card__tags"'); // chips hidden in search mode
  });

  it('sorts by relevance and oldest first', async () => {
    const oldest = await get('/recherche?query=equipe&sort=ancien');
    const d = dates(oldest.body);
    expect([...d].sort()).toEqual(d);
    const relevance = await get('/recherche?query=equipe&sort=pertinence');
    expect(titles(relevance.body)).not.toEqual(titles(oldest.body));
    expect(relevance.body).toContain('<span aria-current="true">Pertinence</span>');
  });

  it('filters by tag name or category name, and pages through', async () => {
    const tag = await get('/recherche?post_tags=Six%20Nations');
    expect(tag.body).toContain('Mot-clé : Six Nations');
    const cat = await get('/recherche?categories=XV%20de%20France');
    const total = Number(/([\d\u202f ]+) résultats/.exec(cat.body)![1]!.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(10);
    const page2 = await get('/recherche?categories=XV%20de%20France&page=2');
    expect(titles(page2.body)).not.toEqual(titles(cat.body));
  });

  it('offers every tag of /ffr/v1/Tags, A to Z, when opened without a word or a filter', async () => {
    const tags = await upstream.json<Array<{ name: string }>>('/wp-json/ffr/v1/Tags');
    await upstream.resetCounters();
    const { body } = await get('/recherche');
    expect((await upstream.counters()).routes['GET /wp-json/ffr/v1/Tags']).toBe(1);
    const index = body.slice(body.indexOf('Parcourir par mot-clé'));
    const shown = [...index.matchAll(/<a class="chip" href="\/recherche\?post_tags=([^"]+)">/g)].map((m) => decodeURIComponent(m[1]!.replace(/\+/g, ' ')));
    expect(shown).toEqual(tags.map((t) => t.name).sort(new Intl.Collator('fr', { sensitivity: 'base' }).compare));
    // With a word, a filter or past page 1: the results only, and no call for the tags.
    await upstream.resetCounters();
    for (const path of ['/recherche?query=equipe', '/recherche?post_tags=Six%20Nations', '/recherche?page=2']) expect((await get(path)).body).not.toContain('Parcourir par mot-clé');
    expect((await upstream.counters()).routes['GET /wp-json/ffr/v1/Tags']).toBeUndefined();
  });

  it('answers nothing found with a short French line and suggestions', async () => {
    const { res, body } = await get('/recherche?query=wxyzzyqq');
    expect(res.status).toBe(200);
    expect(body).toContain('Aucun résultat');
    expect(body).toContain('href="/categories/xv-de-france"');
  });

  it('keeps absurd input a normal page', async () => {
    const cases = ['a'.repeat(10_000), '\u0000\u0001\u001f équipe', '"""unbalanced', '<script>alert(1)</script>', "'; DROP TABLE posts; --", '%%%', 'é'.repeat(3000)];
    for (const query of cases) {
      const { res, body } = await get(`/recherche?${new URLSearchParams({ query, sort: 'n’importe', page: '-4' })}`);
      expect(res.status, query.slice(0, 20)).toBe(200);
      expect(body).not.toContain('<script>alert(1)</script>');
    }
    const tagInjection = await get(`/recherche?${new URLSearchParams({ post_tags: 'x" OR type:"category' })}`);
    expect(tagInjection.res.status).toBe(200);
    expect(tagInjection.body).toContain('Aucun résultat');
  });

  it('finds a published edit', async () => {
    await upstream.publish({ title: 'Mêlée spontanée à Marcoussis : Zébulon rejoint le staff' });
    const { body } = await get('/recherche?query=zebulon');
    expect(body).toContain('<mark>Zébulon</mark>');
  });

  it('says the search is unavailable when Algolia is down, without a 500', async () => {
    await upstream.fault({ path: '/1/indexes', kind: 'status', status: 503 });
    const { res, body } = await get('/recherche?query=dupont');
    expect(res.status).toBe(503);
    expect(body).toContain('La recherche est momentanément indisponible');
  });

  it('caches anonymous result pages for a short time', async () => {
    await get('/recherche?query=dupont');
    for (let i = 0; i < 40; i++) {
      const r = await site('/recherche?query=dupont');
      await r.text();
      if (r.headers.get('x-ffr-cache') === 'HIT') return;
      await new Promise((ok) => setTimeout(ok, 50));
    }
    throw new Error('never cached');
  });
});

describe('/recherche: players', () => {
  const playerCards = (html: string) =>
    [...html.matchAll(/<li class="search-player">([\s\S]*?)<\/li>/g)].map((m) => ({
      href: /<a href="([^"]+)">/.exec(m[1]!)?.[1],
      name: /<h3 class="search-player__name"><a [^>]*>([\s\S]*?)<\/a>/.exec(m[1]!)?.[1]!.replace(/<[^>]+>/g, ''),
      position: /class="search-player__position">([^<]*)</.exec(m[1]!)?.[1],
      team: /class="search-player__team">([^<]*)</.exec(m[1]!)?.[1],
    }));

  it('shows the players a name matches, each linking to its card on the team page', async () => {
    const { res, body } = await get('/recherche?query=ramos');
    expect(res.status).toBe(200);
    const section = body.slice(body.indexOf('<section class="search-players"'), body.indexOf('</section>', body.indexOf('<section class="search-players"')));
    expect(section).toContain('<h2 id="recherche-joueurs" class="section-title">Joueurs</h2>');
    expect(section).toContain('<mark>Ramos</mark>');
    const cards = playerCards(body);
    expect(cards).toEqual([{ href: '/equipes-de-france/xv-de-france-equipe#joueur-thomas-ramos', name: 'Thomas Ramos', position: 'Arrière', team: 'XV de France' }]);
    // The articles are still there, below the players: a page of them (10), or all there are.
    expect(titles(body).length).toBe(Math.min(10, await newsroomHits('ramos')));
    expect(titles(body).length).toBeGreaterThan(0);
    expect(body.indexOf('search-players')).toBeLessThan(body.indexOf('id="resultats"'));
    // The link lands on a card of that team page.
    const team = await get(cards[0]!.href!.split('#')[0]!);
    expect(team.res.status).toBe(200);
    expect(team.body).toContain('id="joueur-thomas-ramos"');
  });

  it('matches accent-insensitively and says « Aucun article » when only players match', async () => {
    const { res, body } = await get('/recherche?query=menager');
    expect(res.status).toBe(200);
    const cards = playerCards(body);
    expect(cards.map((c) => c.name).sort()).toEqual(['Marine Ménager', 'Romane Ménager']);
    for (const card of cards) expect(card.href).toMatch(/^\/equipes-de-france\/france-feminine[\w-]*#joueur-[\w-]+-menager$/);
    // A name that only players match (which one depends on the day's posts).
    const name = await playerNoPostMentions();
    const only = (await get(`/recherche?${new URLSearchParams({ query: name })}`)).body;
    expect(playerCards(only).length).toBeGreaterThan(0);
    const empty = only.slice(only.indexOf('<div class="search-empty">'), only.indexOf('</div>', only.indexOf('<div class="search-empty">')));
    expect(empty).toContain(`<strong>Aucun article pour «\u00a0${name}\u00a0».</strong>`);
    expect(empty).not.toContain('Aucun résultat');
  });

  it('asks Algolia once for both indexes', async () => {
    await upstream.resetCounters();
    const { body } = await get('/recherche?query=dupont');
    const algolia = Object.entries((await upstream.counters()).routes).filter(([route]) => route.includes('/1/'));
    expect(algolia).toEqual([['POST /1/indexes/*/queries', 1]]);
    // That one answer held the articles and the players.
    expect(titles(body).length).toBeGreaterThan(0);
    expect(playerCards(body).map((c) => c.name)).toEqual(['Antoine Dupont']);
  });

  it('shows no players past the first page, under a filter, or when none matches', async () => {
    for (const path of ['/recherche?query=ramos&page=2', '/recherche?query=ramos&categories=XV%20de%20France', '/recherche?query=equipe', '/recherche']) {
      const { res, body } = await get(path);
      expect(res.status, path).toBe(200);
      expect(body, path).not.toContain('class="search-players"');
    }
  });

  it('loses the players with the articles when Algolia is down, never the page', async () => {
    await upstream.fault({ path: '/1/indexes', kind: 'status', status: 503 });
    const { res, body } = await get('/recherche?query=ramos');
    expect(res.status).toBe(503);
    expect(body).toContain('La recherche est momentanément indisponible');
    expect(body).not.toContain('class="search-players"');
  });
});
