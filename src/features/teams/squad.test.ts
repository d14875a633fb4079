import { describe, expect, it } from 'vitest';
import { PlayerSchema } from '../../schemas/page';
import { countLabel, fullName, groupSquad } from './squad';

const player = (slug: string, poste: string, poste_libelle: string, poste_ordre: number, ligne: string) =>
  PlayerSchema.parse({ id: slug.length, slug, prenom: slug, nom: slug, poste, poste_libelle, poste_ordre, ligne });

describe('the squad by position', () => {
  const squad = [
    player('ramos', 'arriere', 'Arrière', 11, 'arrieres'),
    player('baille', 'pilier-gauche', 'Pilier gauche', 1, 'avants'),
    player('inconnu', '', '', 0, ''),
    player('dupont', 'demi-de-melee', 'Demi de mêlée', 7, 'arrieres'),
    player('gros', 'pilier-gauche', 'Pilier gauche', 1, 'avants'),
    player('marchand', 'talonneur', 'Talonneur', 2, 'avants'),
  ];

  it('groups by poste in the order of poste_ordre, keeps the upstream order inside a group, unknown positions last', () => {
    const groups = groupSquad(squad, 'poste');
    expect(groups.map((g) => g.label)).toEqual(['Pilier gauche', 'Talonneur', 'Demi de mêlée', 'Arrière', 'Autres joueurs']);
    expect(groups[0]!.players.map((p) => p.slug)).toEqual(['baille', 'gros']);
    expect(groups.flatMap((g) => g.players).length).toBe(squad.length);
  });

  it('groups by ligne, forwards first whatever the order of the list', () => {
    const groups = groupSquad([...squad].reverse(), 'ligne');
    expect(groups.map((g) => g.label)).toEqual(['Avants', 'Arrières', 'Autres joueurs']);
    expect(groups[0]!.players.map((p) => p.slug)).toEqual(['gros', 'baille', 'marchand']);
    expect(groups[1]!.players.map((p) => p.slug)).toEqual(['dupont', 'ramos']);
  });

  it('writes counts the French way', () => {
    expect(countLabel(52, ['sélection', 'sélections'])).toBe('52\u00a0sélections');
    expect(countLabel(1, ['sélection', 'sélections'])).toBe('1\u00a0sélection');
    expect(countLabel(0, ['sélection', 'sélections'])).toBe('0\u00a0sélection');
    expect(countLabel(1200, ['photo', 'photos'])).toBe('1\u202f200\u00a0photos');
    expect(fullName({ prenom: '', nom: 'Galthié' })).toBe('Galthié');
  });
});
