import { env } from 'cloudflare:workers';
import { reset } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { site, TEST_NOW, warm } from './helpers';
import { upstream } from './upstream-control';

// The national teams' pages (SPEC §3 Page, templates equipe / equipe-7) at their WordPress
// address, /equipes-de-france/{team}, with the emulator's pages 214–218.

type Ref = { title: string; slug: string; link: string };
type TeamPage = {
  slug: string;
  link: string;
  template: string;
  effectif: Array<{ slug: string; prenom: string; nom: string; selections: number; capitaine: boolean; photo: string }>;
  staff: Array<{ prenom: string; nom: string; role: string }>;
  liste_enfants: Ref[];
  albums_saisons: Array<{ saison: string; albums: Array<{ titre: string; competition: string }> }>;
  future_events: Array<{ slug: string; accreditation: { deadline: string } | null }>;
};

const TEAMS = ['xv-de-france-equipe', 'france-feminine-equipe', 'france-7-equipe', 'france-u20-equipe'];
const pages = new Map<string, TeamPage>();

beforeAll(async () => {
  await upstream.reset();
  for (const slug of ['equipes-de-france', ...TEAMS]) {
    const [page] = await upstream.json<TeamPage[]>(`/wp-json/ffr/v1/pages?slug=${slug}`);
    pages.set(slug, page!);
  }
});
beforeEach(async () => {
  await reset();
  await upstream.clearFaults();
});

const get = async (path: string) => {
  const res = await site(path, { redirect: 'manual' });
  return { res, body: await res.text() };
};
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const team = (slug: string) => pages.get(slug)!;

describe('team pages', () => {
  it('shows each team at its link with its whole squad, staff, matches and albums', async () => {
    for (const slug of TEAMS) {
      const t = team(slug);
      expect(t.link).toBe(`/equipes-de-france/${slug}`);
      const { res, body } = await get(t.link);
      expect(res.status, slug).toBe(200);
      expect(body).toContain(`<link rel="canonical" href="http://presse.test${t.link}"/>`);
      for (const player of t.effectif) {
        expect(body, `${slug} ${player.slug}`).toContain(`id="joueur-${player.slug}"`);
        expect(body).toContain(escapeHtml(`${player.prenom} ${player.nom}`));
      }
      for (const member of t.staff) expect(body).toContain(escapeHtml(member.role));
      expect(body).toContain('Le groupe');
      // The other teams as navigation, this one marked.
      for (const other of TEAMS.filter((s) => s !== slug)) expect(body).toContain(`href="/equipes-de-france/${other}"`);
      for (const season of t.albums_saisons) expect(body).toContain(`Saison ${season.saison}`);
    }
  });

  it('writes caps per template, marks the captain and links open accreditations to the event', async () => {
    const xv = team('xv-de-france-equipe');
    const { body } = await get(xv.link);
    const captain = xv.effectif.find((p) => p.capitaine)!;
    const card = body.slice(
      body.indexOf(`id="joueur-${captain.slug}"`),
      body.indexOf('</li>', body.indexOf(`id="joueur-${captain.slug}"`)),
    );
    expect(card).toContain('Capitaine');
    expect(card).toContain(`${captain.selections}\u00a0sélections`);
    expect(body).not.toContain('tournois');
    const withPhoto = xv.effectif.find((p) => p.photo)!;
    expect(body).toContain(`alt="Portrait de ${escapeHtml(`${withPhoto.prenom} ${withPhoto.nom}`)}"`);
    const open = xv.future_events.find((e) => e.accreditation && Date.parse(e.accreditation.deadline) > Date.parse(TEST_NOW))!;
    expect(body).toContain(`href="/accreditations?evenement=${open.slug}"`);
    expect(body).toContain('S’accréditer');

    const sevens = team('france-7-equipe');
    expect(sevens.template).toBe('equipe-7');
    const seven = await get(sevens.link);
    expect(seven.body).toMatch(/\d+\u00a0tournois?</);
    expect(seven.body).toMatch(/<h3 id="poste-avants">Avants(<!-- -->)? </);
    expect(seven.body).toMatch(/<h3 id="poste-arrieres">Arrières(<!-- -->)? </);
    expect(body).toMatch(/<h3 id="poste-pilier-gauche">Pilier gauche(<!-- -->)? </);
  });

  it('filters the albums by season and competition with plain links; a value it does not offer is sent to the address of what is shown', async () => {
    const xv = team('xv-de-france-equipe');
    const all = xv.albums_saisons.flatMap((s) => s.albums);
    const competition = all[all.length - 1]!.competition;
    const { res, body } = await get(`${xv.link}?competition=${competition}`);
    expect(res.status).toBe(200);
    for (const album of all) expect(body.includes(escapeHtml(album.titre)), album.titre).toBe(album.competition === competition);
    expect(body).toContain(`href="${xv.link}?competition=${competition}&amp;saison=${xv.albums_saisons[0]!.saison}#albums"`);
    // A made-up value would be a copy of the unfiltered page at an address of its own (issue 43).
    const unknown = await get(`${xv.link}?competition=inventee&saison=1900`);
    expect(unknown.res.status).toBe(301);
    expect(unknown.res.headers.get('location')).toBe(xv.link);
    const half = await get(`${xv.link}?competition=${encodeURIComponent(competition)}&saison=1900`);
    expect(half.res.status).toBe(301);
    expect(half.res.headers.get('location')).toBe(`${xv.link}?${new URLSearchParams({ competition })}`);
  });

  it('loads the teams stylesheet on team pages only (other pages carry site.css alone)', async () => {
    const { assets } = await import('../../src/config/assets');
    const sheet = `<link rel="stylesheet" href="${assets['teams.css']}"/>`;
    expect((await get('/equipes-de-france/xv-de-france-equipe')).body).toContain(sheet);
    expect((await get('/equipes-de-france')).body).toContain(sheet);
    const home = (await get('/')).body;
    expect(home).toContain(`<link rel="stylesheet" href="${assets['site.css']}"/>`);
    expect(home).not.toContain(sheet);
  });

  it('shows the parent page with its children as team cards', async () => {
    const parent = team('equipes-de-france');
    const { res, body } = await get('/equipes-de-france');
    expect(res.status).toBe(200);
    expect(body).toContain('Les équipes');
    for (const child of parent.liste_enfants) expect(body).toContain(`<a href="${child.link}">${escapeHtml(child.title)}</a>`);
    expect(body.match(/class="team-card"/g)).toHaveLength(4);
  });

  it('sends another path of a page to its link (301, query kept), and 404s unknown or hidden pages', async () => {
    for (const path of [
      '/xv-de-france-equipe',
      '/la-federation/xv-de-france-equipe',
      '/equipes-de-france/equipes-de-france/xv-de-france-equipe',
    ]) {
      const { res } = await get(`${path}?saison=2025-2026`);
      expect(res.status, path).toBe(301);
      expect(res.headers.get('location')).toBe('/equipes-de-france/xv-de-france-equipe?saison=2025-2026');
    }
    expect((await get('/equipes-de-france/inconnue')).res.status).toBe(404);
    expect((await get('/equipes-de-france/Xv-De-France')).res.status).toBe(404);
    expect((await get('/a/b/c/xv-de-france-equipe')).res.status).toBe(404);
    // niveau 3, no template: not displayable (SPEC §2), at its own address too.
    expect((await get('/la-federation/le-service-de-presse/organigramme-du-service-de-presse')).res.status).toBe(404);
    expect((await get('/la-federation/le-service-de-presse/kit-medias')).res.status).toBe(200);
    expect((await get('/mentions-legales')).res.status).toBe(200);
  });

  it('shadows none of the other routes', async () => {
    expect((await get('/categories/xv-de-france')).body).toContain('XV de France');
    expect((await get('/categories/xv-de-france')).res.status).toBe(200);
    expect((await get('/evenements')).res.status).toBe(200);
    expect((await get('/accreditations')).res.status).toBe(200);
    expect((await get('/accreditations/charte-des-accreditations')).res.status).toBe(200);
    // The site's own prefixes are never looked up in the page list.
    await upstream.resetCounters();
    for (const path of ['/api/purge', '/categories/inconnue/inconnu', '/connexion/inconnue', '/evenements/inconnu/x']) {
      expect((await get(path)).res.status, path).toBe(404);
    }
    const { routes } = await upstream.counters();
    expect(Object.keys(routes).filter((r) => r.includes('/ffr/v1/pages'))).toEqual([]);
  });

  it('is cached, and a post purge (lists) refreshes it while a page without news stays cached', async () => {
    const xv = team('xv-de-france-equipe').link;
    await warm(xv);
    await warm('/mentions-legales');
    const body = JSON.stringify({ type: 'post', action: 'update', post: { id: 1, slug: 'un-article', categories: [] } });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(env.PURGE_SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${body}`)));
    const res = await site('/api/purge', {
      method: 'POST',
      body,
      headers: { 'x-ffr-signature': btoa(String.fromCharCode(...mac)), 'x-ffr-timestamp': timestamp, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    const next = await site(xv);
    await next.text();
    expect(next.headers.get('x-ffr-cache')).toBe('PURGED');
    const legal = await site('/mentions-legales');
    await legal.text();
    expect(legal.headers.get('x-ffr-cache')).toBe('HIT');
  });

  it('answers an upstream failure with the 503 apology, never a 500', async () => {
    await upstream.fault({ path: '/wp-json/ffr/v1/pages', kind: 'status', status: 500 });
    const { res, body } = await get('/equipes-de-france/france-u20-equipe');
    expect(res.status).toBe(503);
    expect(body).toContain('Un problème est survenu');
  });
});
