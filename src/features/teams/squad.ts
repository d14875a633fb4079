import type { Player } from '../../schemas/page';

// The squad as a team sheet prints it: groups in the order of the sheet (`poste_ordre`, forwards
// first), the upstream order kept inside a group (WordPress sends it by family name).

export type SquadGroup = { key: string; label: string; players: Player[] };

const LINES: Record<string, string> = { avants: 'Avants', arrieres: 'Arrières' };
const OTHERS = 'Autres joueurs';

/** A position the sheet does not order (poste_ordre 0: the default) goes after the known ones. */
const rank = (p: Player) => (p.poste_ordre > 0 ? p.poste_ordre : Number.POSITIVE_INFINITY);

/**
 * `poste`: one group per position (XV templates); `ligne`: forwards then backs (sevens, where a
 * group of one or two players per position would say little).
 */
export function groupSquad(players: readonly Player[], by: 'poste' | 'ligne'): SquadGroup[] {
  const sorted = players
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i)
    .map(({ p }) => p);
  const groups = new Map<string, SquadGroup>();
  for (const p of sorted) {
    const known = by === 'ligne' ? (LINES[p.ligne] ? p.ligne : '') : p.poste || p.poste_libelle;
    const key = known || 'autres';
    const label = !known ? OTHERS : by === 'ligne' ? LINES[p.ligne]! : p.poste_libelle || p.poste;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, label, players: [] }));
    group.players.push(p);
  }
  const list = [...groups.values()];
  // Lines keep their rugby order whatever the players' order says; "autres" always last.
  if (by === 'ligne') list.sort((a, b) => lineRank(a.key) - lineRank(b.key));
  return list;
}

const lineRank = (key: string) => (key === 'avants' ? 0 : key === 'arrieres' ? 1 : 2);

/** « 52 sélections », « 1 sélection », « 0 sélection » (French takes the singular below 2). */
export function countLabel(n: number, [one, many]: readonly [string, string]): string {
  return `${new Intl.NumberFormat('fr-FR').format(n)}\u00a0${Math.abs(n) < 2 ? one : many}`;
}

/** « Antoine Dupont »: a player or staff member's display name. */
export const fullName = (p: { prenom: string; nom: string }) => [p.prenom, p.nom].filter(Boolean).join(' ');
