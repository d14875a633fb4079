import { reset } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { algolia, site } from './helpers';
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
const titles = (html: string) =>
  [...html.matchAll(/<h[23] class="card__title"><a href="[^"]+">([\s\S]*?)<\/a><\/h[23]>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));
/** How many posts a query matches in the newsroom index. */
const newsroomHits = async (query: string) =>
  (await algolia({ indexName: 'newsroom', query, filters: 'type:post', hitsPerPage: 0 })).nbHits;
/** The last name of a player no post mentions in the seeded content of the run's instant. */
async function playerNoPostMentions(): Promise<string> {
  const { hits } = await algolia<{ nom: string }>({ indexName: 'joueurs', query: '', hitsPerPage: 1000 });
  for (const { nom } of hits) if (/^[a-zà-ÿ-]{5,}$/i.test(nom) && (await newsroomHits(nom)) === 0) return nom;
  throw new Error('every player is mentioned by some post');
}
const dates = (html: string) => [...html.matchAll(/<time class="card__date" dateTime="([^"]+)"/g)].map((m) => m[1]!);

/** A card title as the reader reads it: tags dropped, React's escapes undone. */
const plain = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");
const sortLinks = (html: string) => {
  const nav = html.slice(html.indexOf('<nav class="search-sort"'), html.indexOf('</nav>', html.indexOf('<nav class="search-sort"')));
  return {
    current: /<span aria-current="true">([^<]+)<\/span>/.exec(nav)?.[1],
    links: Object.fromEntries([...nav.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[2]!, plain(m[1]!)])),
  };
};

describe('/recherche', () => {
  it('finds « equipe » accent-insensitively, highlighted and escaped', async () => {
    const { res, body } = await get('/recherche?query=equipe');
    expect(res.status).toBe(200);
    expect(body).toMatch(/\d+ résultats<!-- --> pour «\u00a0equipe\u00a0»/);
    // Highlighted whatever its accents and case (« équipe », « Équipes », « equipe »): in relevance
    // order, where the posts whose title matches come first.
    const marks = [...body.matchAll(/<mark>([^<]+)<\/mark>/g)].map((m) => m[1]!.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark).toMatch(/^equip/);
    expect(dates(body).length).toBe(10);
    expect(body).toContain('name="robots" content="noindex"');
    expect(body).not.toContain('class="card__tags"'); // chips hidden in search mode
  });

  it('orders typed words by relevance by default, as the live panel does, and the newest first on demand', async () => {
    const { body } = await get('/recherche?query=equipe');
    // The live panel's order: Algolia's relevance index for the same words (live-client.ts).
    const panel = await algolia<{ title: string }>({
      indexName: 'newsroom',
      query: 'equipe',
      filters: 'type:"post"',
      distinct: true,
      hitsPerPage: 10,
      attributesToRetrieve: ['title'],
    });
    expect(titles(body).map(plain)).toEqual(panel.hits.map((h) => h.title));
    expect(sortLinks(body)).toEqual({
      current: 'Pertinence',
      links: { 'Le plus récent': '/recherche?query=equipe&sort=recent', 'Le plus ancien': '/recherche?query=equipe&sort=ancien' },
    });
    expect(titles((await get('/recherche?query=equipe&sort=pertinence')).body)).toEqual(titles(body));
    // « Le plus récent » still works, and says so; its links lead back to the default without a parameter.
    const recent = await get('/recherche?query=equipe&sort=recent');
    const d = dates(recent.body);
    expect(d.length).toBe(10);
    expect([...d].sort().reverse()).toEqual(d);
    expect(titles(recent.body)).not.toEqual(titles(body));
    expect(sortLinks(recent.body)).toEqual({
      current: 'Le plus récent',
      links: { Pertinence: '/recherche?query=equipe', 'Le plus ancien': '/recherche?query=equipe&sort=ancien' },
    });
    // The page's own form keeps a sort the reader chose, never the default.
    expect(recent.body).toContain('<input type="hidden" name="sort" value="recent"/>');
    expect(body).not.toContain('name="sort"');
  });

  it('lists a tag or a category without words newest first by default (SPEC §9: the listing’s default)', async () => {
    for (const path of ['/recherche?post_tags=Six+Nations', '/recherche?categories=XV+de+France']) {
      const { body } = await get(path);
      const d = dates(body);
      expect(d.length, path).toBeGreaterThan(1);
      expect([...d].sort().reverse(), path).toEqual(d);
      expect(sortLinks(body).current, path).toBe('Le plus récent');
      expect(sortLinks(body).links.Pertinence, path).toBe(`${path}&sort=pertinence`);
    }
    // Words typed on a tag's page: relevance, the tag kept.
    expect(sortLinks((await get('/recherche?post_tags=Six+Nations&query=france')).body).current).toBe('Pertinence');
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
    expect(tag.body).toContain('Mot-clé\u202f: Six Nations');
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
    const shown = [...index.matchAll(/<a class="chip" href="\/recherche\?post_tags=([^"]+)">/g)].map((m) =>
      decodeURIComponent(m[1]!.replace(/\+/g, ' ')),
    );
    expect(shown).toEqual(tags.map((t) => t.name).sort(new Intl.Collator('fr', { sensitivity: 'base' }).compare));
    // With a word, a filter or past page 1: the results only, and no call for the tags.
    await upstream.resetCounters();
    for (const path of ['/recherche?query=equipe', '/recherche?post_tags=Six%20Nations', '/recherche?page=2'])
      expect((await get(path)).body).not.toContain('Parcourir par mot-clé');
    expect((await upstream.counters()).routes['GET /wp-json/ffr/v1/Tags']).toBeUndefined();
  });

  it('answers nothing found with a short French line and suggestions', async () => {
    const { res, body } = await get('/recherche?query=wxyzzyqq');
    expect(res.status).toBe(200);
    expect(body).toContain('Aucun résultat');
    expect(body).toContain('href="/categories/xv-de-france"');
  });

  it('keeps absurd input a normal page', async () => {
    const cases = [
      'a'.repeat(10_000),
      '\u0000\u0001\u001f équipe',
      '"""unbalanced',
      '<script>alert(1)</script>',
      "'; DROP TABLE posts; --",
      '%%%',
      'é'.repeat(3000),
    ];
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
    const section = body.slice(
      body.indexOf('<section class="search-players"'),
      body.indexOf('</section>', body.indexOf('<section class="search-players"')),
    );
    expect(section).toContain('<h2 id="recherche-joueurs" class="section-title">Joueurs</h2>');
    expect(section).toContain('<mark>Ramos</mark>');
    const cards = playerCards(body);
    expect(cards).toEqual([
      {
        href: '/equipes-de-france/xv-de-france-equipe#joueur-thomas-ramos',
        name: 'Thomas Ramos',
        position: 'Arrière',
        team: 'XV de France',
      },
    ]);
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
    const empty = only.slice(
      only.indexOf('<div class="search-empty">'),
      only.indexOf('</div>', only.indexOf('<div class="search-empty">')),
    );
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
    for (const path of [
      '/recherche?query=ramos&page=2',
      '/recherche?query=ramos&categories=XV%20de%20France',
      '/recherche?query=equipe',
      '/recherche',
    ]) {
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

describe('/recherche: « Vouliez-vous dire »', () => {
  const suggestion = (html: string) => {
    const m = /<a href="([^"]+)">Vouliez-vous dire «\u00a0<strong>([^<]*)<\/strong>\u00a0»\u202f\?<\/a>/.exec(html);
    return m ? { href: plain(m[1]!), words: m[2]! } : null;
  };
  /** The first page of hits Algolia gives for these words, with each hit's typo count. */
  const typos = async (query: string) =>
    algolia<{ _rankingInfo: { nbTypos: number } }>({
      indexName: 'newsroom',
      query,
      filters: 'type:"post"',
      distinct: true,
      hitsPerPage: 10,
      getRankingInfo: true,
      attributesToRetrieve: ['objectID'],
    });

  it('offers the words as Algolia corrected them when it found the hits only through a typo', async () => {
    for (const [typed, corrected] of [
      ['equpe', 'équipe'],
      ['dupnt', 'dupont'],
    ] as const) {
      // What the suggestion stands on: hits, every one of them found with a typo.
      const found = await typos(typed);
      expect(found.nbHits, typed).toBeGreaterThan(0);
      for (const hit of found.hits) expect(hit._rankingInfo.nbTypos, typed).toBeGreaterThan(0);
      await upstream.resetCounters();
      const { body } = await get(`/recherche?query=${typed}`);
      expect(suggestion(body), typed).toEqual({ href: `/recherche?${new URLSearchParams({ query: corrected })}`, words: corrected });
      // Read from the same answer: one request to Algolia, the results of what was typed shown.
      expect((await upstream.counters()).routes['POST /1/indexes/*/queries'], typed).toBe(1);
      expect(body).toMatch(new RegExp(`${found.nbHits.toLocaleString('fr-FR')} résultats?<!-- --> pour «\u00a0${typed}\u00a0»`));
      // The corrected words find as much, without a typo.
      const right = await typos(corrected);
      expect(right.hits[0]!._rankingInfo.nbTypos, corrected).toBe(0);
      expect(suggestion((await get(`/recherche?${new URLSearchParams({ query: corrected })}`)).body), corrected).toBeNull();
    }
  });

  it('keeps the filters and a chosen sort in the corrected search', async () => {
    expect(suggestion((await get('/recherche?query=equpe&sort=ancien')).body)?.href).toBe('/recherche?query=%C3%A9quipe&sort=ancien');
    expect(suggestion((await get('/recherche?query=dupnt&post_tags=Antoine+Dupont')).body)?.href).toBe(
      '/recherche?query=dupont&post_tags=Antoine+Dupont',
    );
  });

  it('offers a correction that would find something when the words find nothing, from one more query', async () => {
    // « fupont »: nothing (a wrong first letter counts two typos, and a 6-letter word is allowed one).
    expect((await typos('fupont')).nbHits).toBe(0);
    await upstream.resetCounters();
    const { res, body } = await get('/recherche?query=fupont');
    expect(res.status).toBe(200);
    expect(body.replace(/<!-- -->/g, '')).toContain('<strong>Aucun résultat pour «\u00a0fupont\u00a0».</strong>');
    expect(suggestion(body)).toEqual({ href: '/recherche?query=dupont', words: 'dupont' });
    expect((await upstream.counters()).routes['POST /1/indexes/*/queries']).toBe(2);
    expect((await typos('dupont')).nbHits).toBeGreaterThan(0);
    // Nothing near what was typed: no suggestion, the usual advice.
    const none = (await get('/recherche?query=wxyzzyqq')).body;
    expect(suggestion(none)).toBeNull();
    expect(none).toContain('Vérifiez l’orthographe');
  });
});
