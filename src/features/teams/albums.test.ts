import { describe, expect, it } from 'vitest';
import { PageSchema } from '../../schemas/page';
import { filterAlbums, filterHref, readFilters } from './albums';

const album = (id: number, competition: string) => ({ id, titre: `Album ${id}`, competition });
const page = PageSchema.parse({
  id: 215,
  title: 'XV de France',
  slug: 'xv-de-france-equipe',
  albums_saisons: [
    { saison: '2026-2027', albums: [album(1, 'tests-d-automne'), album(2, 'vie-du-groupe')] },
    { saison: '2025-2026', albums: [album(3, 'tournoi-des-six-nations'), album(4, 'vie-du-groupe')] },
  ],
  albums_filtres: [
    {
      cle: 'saison',
      libelle: 'Saison',
      options: [
        { valeur: '2026-2027', libelle: 'Saison 2026-2027' },
        { valeur: '2025-2026', libelle: 'Saison 2025-2026' },
      ],
    },
    {
      cle: 'competition',
      libelle: 'Compétition',
      options: [
        { valeur: 'vie-du-groupe', libelle: 'Vie du groupe' },
        { valeur: 'tests-d-automne', libelle: 'Tests d’automne' },
      ],
    },
    { cle: 'photographe', libelle: 'Photographe', options: [{ valeur: 'x', libelle: 'X' }] },
  ],
});

describe('album filters', () => {
  it('offers only the filters it can apply, and takes from the query only values among their options', () => {
    const query = { saison: '2025-2026', competition: 'inventee', photographe: 'x' } as Record<string, string>;
    const { offered, active } = readFilters(page.albums_filtres, (k) => query[k]);
    expect(offered.map((f) => f.cle)).toEqual(['saison', 'competition']);
    expect(active).toEqual({ saison: '2025-2026' });
  });

  it('filters by season and by competition, dropping the seasons left empty', () => {
    expect(filterAlbums(page.albums_saisons, {}).map((s) => s.albums.length)).toEqual([2, 2]);
    expect(filterAlbums(page.albums_saisons, { saison: '2025-2026' }).map((s) => s.saison)).toEqual(['2025-2026']);
    const life = filterAlbums(page.albums_saisons, { competition: 'vie-du-groupe' });
    expect(life.map((s) => s.albums.map((a) => a.id))).toEqual([[2], [4]]);
    expect(filterAlbums(page.albums_saisons, { saison: '2026-2027', competition: 'tournoi-des-six-nations' })).toEqual([]);
  });

  it('links each option keeping the other filter, and « Toutes » removing its own', () => {
    const path = '/equipes-de-france/xv-de-france-equipe';
    expect(filterHref(path, { saison: '2025-2026' }, 'competition', 'vie-du-groupe')).toBe(
      `${path}?competition=vie-du-groupe&saison=2025-2026#albums`,
    );
    expect(filterHref(path, { saison: '2025-2026' }, 'saison', null)).toBe(`${path}#albums`);
  });
});
