import { describe, expect, it } from 'vitest';
import type { Content, WpMenuItem, WpPage } from './types.js';
import { generateContent } from './generate.js';
import { parseWp, seasonOf } from './dates.js';
import { SEVENS_PLAYERS, WOMEN_PLAYERS, XV_PLAYERS } from './french/words.js';
import { TEAM_PAGE_IDS } from './teams.js';
import { TEST_NOW } from '../../test/support/clock';

const baseUrl = 'http://127.0.0.1:8790';
const UPLOADS = `${baseUrl}/wp-content/uploads/`;
const content = generateContent({ baseUrl, now: new Date(TEST_NOW) });
const now = Date.parse(content.now);
const bySlug = new Map(content.pages.map((pg) => [pg.slug, pg]));
const TEAM_SLUGS = ['xv-de-france-equipe', 'france-feminine-equipe', 'france-7-equipe', 'france-u20-equipe'];
const teams = TEAM_SLUGS.map((slug) => bySlug.get(slug) as WpPage);
const served = (c: Content, url: string) => url.startsWith(UPLOADS) && c.images[url.slice(UPLOADS.length)] !== undefined;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const WP_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

describe('team pages', () => {
  it('hang under « Équipes de France », each the others’ sibling', () => {
    const parent = bySlug.get('equipes-de-france');
    expect(parent).toMatchObject({ id: TEAM_PAGE_IDS.equipes, niveau: 1, parent: 0, link: '/equipes-de-france', template: '' });
    expect(parent?.liste_enfants.map((r) => r.slug)).toEqual(TEAM_SLUGS);
    for (const team of teams) {
      expect(team).toMatchObject({ niveau: 2, parent: TEAM_PAGE_IDS.equipes, link: `/equipes-de-france/${team.slug}` });
      expect(team.liste_enfants).toEqual([]);
      expect(team.liste_freres.map((r) => r.slug)).toEqual(TEAM_SLUGS.filter((s) => s !== team.slug));
      for (const r of team.liste_freres) expect(r.link).toBe(`/equipes-de-france/${r.slug}`);
    }
    // No collision with the category slugs the worker routes under /categories.
    const categorySlugs = new Set(content.categories.map((c) => c.slug));
    for (const pg of content.pages) expect(categorySlugs.has(pg.slug), pg.slug).toBe(false);
    expect(new Set(content.pages.map((pg) => pg.slug)).size).toBe(content.pages.length);
    expect(new Set(content.pages.map((pg) => pg.id)).size).toBe(content.pages.length);
  });

  it('say which team they show', () => {
    expect(teams.map((t) => [t.title, t.template, t.genre, t.classe_age, t.categorie?.slug])).toEqual([
      ['XV de France', 'equipe', 'masculin', 'senior', 'xv-de-france'],
      ['France féminine', 'equipe', 'feminin', 'senior', 'france-feminine'],
      ['France 7', 'equipe-7', 'masculin', 'senior', 'france-7'],
      ['France U20', 'equipe', 'masculin', 'u20', 'france-u20'],
    ]);
    for (const t of teams) {
      expect(served(content, t.featured_media?.src ?? ''), t.slug).toBe(true);
      expect(t.featured_media?.legend).toMatch(/© FFR$/);
      expect(served(content, t.rencontre_background), t.slug).toBe(true);
      expect(t.sidebar_content).toMatch(/^<h3>Contact presse<\/h3>.*mailto:[a-z.]+@ffr\.fr/);
      expect(t.content.startsWith('<p>')).toBe(true);
    }
  });

  it('list the squads the articles quote, players well formed and sorted by position', () => {
    const [xv, women, sevens, u20] = teams as [WpPage, WpPage, WpPage, WpPage];
    const names = (t: WpPage) => t.effectif.map((pl) => `${pl.prenom} ${pl.nom}`);
    expect(names(xv).sort()).toEqual(XV_PLAYERS.map((pl) => pl.name).sort());
    expect(names(women).sort()).toEqual(WOMEN_PLAYERS.map((pl) => pl.name).sort());
    expect(names(sevens).sort()).toEqual([...SEVENS_PLAYERS].sort());
    expect(u20.effectif).toHaveLength(30);
    // Every name of a composition table (any team) is on a team page.
    const everyone = new Set(teams.flatMap(names));
    let checked = 0;
    for (const a of content.articles) {
      for (const b of a.blocs) {
        if (b.type !== 'table' || !b.caption.startsWith('Composition')) continue;
        for (const row of b.rows) {
          expect(everyone.has((row[1] ?? '').replace(' (cap.)', '')), `${a.title}: ${row[1]}`).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(15);

    const ids = teams.flatMap((t) => t.effectif.map((pl) => pl.id));
    expect(new Set(ids).size).toBe(ids.length);
    const labels = new Set(teams.flatMap((t) => t.effectif.map((pl) => pl.poste_libelle)));
    for (const l of [
      'Pilier gauche',
      'Talonneur',
      'Deuxième ligne',
      'Troisième ligne aile',
      'Numéro 8',
      'Demi de mêlée',
      'Demi d’ouverture',
      'Centre',
      'Ailier',
      'Arrière',
      'Pilier',
    ]) {
      expect(labels.has(l), l).toBe(true);
    }
    for (const t of teams) {
      const order = t.effectif.map((pl) => pl.poste_ordre);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      for (const pl of t.effectif) {
        expect(pl.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        expect(pl.date_naissance).toMatch(ISO_DAY);
        expect(pl.taille).toBeGreaterThanOrEqual(155);
        expect(pl.taille).toBeLessThanOrEqual(210);
        expect(pl.poids).toBeGreaterThanOrEqual(55);
        expect(pl.poids).toBeLessThanOrEqual(135);
        expect(pl.ligne === 'avants' || pl.ligne === 'arrieres').toBe(true);
        expect(pl.club.length).toBeGreaterThan(0);
        if (pl.photo !== '') expect(served(content, pl.photo), pl.photo).toBe(true);
      }
      const [total, avants, arrieres] = t.compte_joueurs;
      expect(t.compte_joueurs.map((c) => c.cle)).toEqual(['total', 'avants', 'arrieres']);
      expect(total?.nombre).toBe(t.effectif.length);
      expect(avants?.nombre).toBe(t.effectif.filter((pl) => pl.ligne === 'avants').length);
      expect((avants?.nombre ?? 0) + (arrieres?.nombre ?? 0)).toBe(t.effectif.length);
    }
    expect(women.compte_joueurs[0]?.libelle).toBe('Joueuses');
    // Some portraits, some placeholders.
    const photos = teams.flatMap((t) => t.effectif.map((pl) => pl.photo));
    expect(photos.filter((p) => p !== '').length).toBeGreaterThan(20);
    expect(photos.filter((p) => p === '').length).toBeGreaterThan(20);
    expect(xv.effectif.filter((pl) => pl.capitaine).map((pl) => pl.nom)).toEqual(['Dupont']);
    expect(xv.effectif.find((pl) => pl.nom === 'Dupont')).toMatchObject({
      prenom: 'Antoine',
      poste: 'demi-de-melee',
      poste_libelle: 'Demi de mêlée',
      club: 'Stade Toulousain',
      selections: 57,
    });
  });

  it('keep the Bleuets under 20 for the season’s championships', () => {
    const year = Number(seasonOf(now).slice(5));
    for (const pl of (teams[3] as WpPage).effectif) {
      expect(pl.date_naissance > `${year - 20}-01-01`, pl.date_naissance).toBe(true);
    }
  });

  it('list the staff, the competitions and the upcoming events of the team', () => {
    for (const t of teams) {
      expect(t.staff.length).toBeGreaterThanOrEqual(3);
      for (const m of t.staff) expect(m.role.length).toBeGreaterThan(0);
      expect(t.competitions.length).toBeGreaterThanOrEqual(2);
      for (const c of t.competitions) {
        expect(c.saison).toBe(seasonOf(now));
        const [, , top, sub] = c.lien.split('/');
        expect(
          content.categories.some((cat) => cat.slug === sub && content.categories.some((p) => p.id === cat.parent && p.slug === top)),
          c.lien,
        ).toBe(true);
      }
      expect(t.future_events.length).toBeGreaterThan(0);
      for (const e of t.future_events) {
        expect(e.team).toBe(t.title);
        expect(parseWp(e.startDate)).toBeGreaterThan(now);
        expect(content.events.find((x) => x.id === e.id)).toEqual(e);
      }
      expect(t.news.length).toBe(4);
      for (const card of t.news) {
        const article = content.articles.find((a) => a.id === card.id);
        expect(article?.categories).toContain(t.categorie?.id);
      }
    }
    expect((teams[0] as WpPage).staff[0]).toMatchObject({ prenom: 'Fabien', nom: 'Galthié', role: 'Sélectionneur' });
  });

  it('file the photo albums by season, newest first, with the filters they use', () => {
    for (const t of teams) {
      expect(t.albums_saisons.length).toBeGreaterThanOrEqual(1);
      expect(t.albums_saisons[0]?.saison).toBe(seasonOf(now));
      const seasons = t.albums_saisons.map((s) => s.saison);
      expect(seasons).toEqual([...seasons].sort().reverse());
      const [seasonFilter, competitionFilter] = t.albums_filtres;
      expect(seasonFilter?.cle).toBe('saison');
      expect(seasonFilter?.options.map((o) => o.valeur)).toEqual(seasons);
      expect(competitionFilter?.cle).toBe('competition');
      const offered = new Set(competitionFilter?.options.map((o) => o.valeur));
      for (const s of t.albums_saisons) {
        const dates = s.albums.map((a) => a.date);
        expect(dates).toEqual([...dates].sort().reverse());
        for (const a of s.albums) {
          expect(seasonOf(parseWp(a.date))).toBe(s.saison);
          expect(a.date).toMatch(WP_DATE);
          expect(parseWp(a.date)).toBeLessThanOrEqual(now + 86_400_000);
          expect(served(content, a.couverture), a.couverture).toBe(true);
          expect(a.lien).toMatch(/^https:\/\/www\.flickr\.com\/photos\/ffrugby\/albums\/\d{17}$/);
          expect(a.photos).toBeGreaterThan(0);
          expect(offered.has(a.competition), a.competition).toBe(true);
        }
      }
    }
    const albumIds = teams.flatMap((t) => t.albums_saisons.flatMap((s) => s.albums.map((a) => a.id)));
    expect(new Set(albumIds).size).toBe(albumIds.length);
  });

  it('keep the internationals’ figures whatever the seed', () => {
    const other = generateContent({ baseUrl, seed: 7, articleCount: 20, now: new Date(TEST_NOW) });
    const squad = (c: Content, slug: string) => c.pages.find((pg) => pg.slug === slug)?.effectif;
    for (const slug of TEAM_SLUGS.slice(0, 3)) expect(squad(other, slug)).toEqual(squad(content, slug));
    expect(squad(other, 'france-u20-equipe')).not.toEqual(squad(content, 'france-u20-equipe'));
  });

  it('are what the top bar’s « Équipes de France » menu points to', () => {
    const menu = content.menus['top-nav'].find((i) => i.label === 'Équipes de France') as WpMenuItem;
    const items = [...menu.items].sort((a, b) => a.order - b.order);
    expect(items.map((i) => [i.label, i.type, i.url, i.slug_complet])).toEqual([
      ['XV de France', 'post_type', '/equipes-de-france/xv-de-france-equipe', 'equipes-de-france/xv-de-france-equipe'],
      ['France féminine', 'post_type', '/equipes-de-france/france-feminine-equipe', 'equipes-de-france/france-feminine-equipe'],
      ['France 7', 'post_type', '/equipes-de-france/france-7-equipe', 'equipes-de-france/france-7-equipe'],
      ['France U20', 'post_type', '/equipes-de-france/france-u20-equipe', 'equipes-de-france/france-u20-equipe'],
    ]);
    for (const i of items) expect(bySlug.get(i.object_slug)?.id).toBe(i.object_id);
  });
});

describe('page links', () => {
  it('follow the page tree, as WordPress permalinks do', () => {
    expect(bySlug.get('kit-medias')?.link).toBe('/la-federation/le-service-de-presse/kit-medias');
    expect(bySlug.get('contact')?.link).toBe('/contact');
    for (const pg of content.pages) {
      const parent = content.pages.find((p) => p.id === pg.parent);
      expect(pg.link).toBe(parent ? `${parent.link}/${pg.slug}` : `/${pg.slug}`);
      for (const r of [...pg.liste_enfants, ...pg.liste_freres]) expect(r.link).toBe(bySlug.get(r.slug)?.link);
    }
  });
});

describe('stories', () => {
  it('exist for every story the settings list, with slides and served images', () => {
    const ids = content.settings.stories.map((s) => s.id);
    expect(content.stories.map((s) => s.id)).toEqual(ids);
    for (const id of content.settings.stories_top.split(',')) expect(ids).toContain(id);
    for (const story of content.stories) {
      const listed = content.settings.stories.find((s) => s.id === story.id);
      expect(listed).toEqual({ id: story.id, title: story.titre, image: story.couverture, url: story.lien });
      expect(served(content, story.couverture)).toBe(true);
      expect(story.date).toMatch(WP_DATE);
      expect(story.slides.length).toBeGreaterThanOrEqual(3);
      for (const slide of story.slides) {
        expect(served(content, slide.image)).toBe(true);
        expect(slide.texte.length).toBeGreaterThan(10);
        if (slide.lien !== '') expect(content.articles.some((a) => a.status === 'publish' && a.link === slide.lien)).toBe(true);
      }
      expect(story.slides.at(-1)?.lien).not.toBe('');
    }
  });
});

describe('users', () => {
  it('give every author a stable WordPress user id, shared with the articles’ auteur', () => {
    const authors = new Map(content.articles.map((a) => [a.auteur.id, a.auteur]));
    expect([...authors.keys()].sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(authors.get(2)?.nom).toBe('Claire Dumont');
    for (const author of authors.values()) {
      const user = content.users.find((u) => u.id === author.id);
      expect(user).toMatchObject({ name: author.nom, link: author.author_link, description: author.description });
      expect(author.author_link).toBe(`https://presse.ffr.fr/author/${user?.slug}/`);
      for (const size of ['24', '48', '96'] as const) expect(served(content, user?.avatar_urls[size] ?? '')).toBe(true);
      expect(user?.avatar_urls['48']).toBe(author.avatar_urls['48']);
    }
    // An account that signs nothing: the administrator.
    expect(content.users.find((u) => u.id === 1)).toMatchObject({ slug: 'service-web-ffr' });
    expect(authors.has(1)).toBe(false);
    const other = generateContent({ baseUrl, seed: 7, articleCount: 20, now: new Date(TEST_NOW) });
    expect(other.users).toEqual(content.users);
  });
});
