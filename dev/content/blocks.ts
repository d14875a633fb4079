// Builders for article blocks, and the rugby-specific ones (squad lists, score tables).

import type { WpBlock, WpImage } from './types.js';
import type { Player, Position } from './french/words.js';
import type { Random } from './random.js';
import { typo } from './text.js';

/** Escapes bare ampersands ("Moët & Chandon") in inline HTML, leaving entities alone. */
const ampersands = (html: string): string => html.replace(/&(?![a-z]+;|#\d+;)/gi, '&amp;');

export const p = (html: string): WpBlock => ({ type: 'paragraph', content: typo(ampersands(html)) });
export const h = (text: string, level: 2 | 3 | 4 = 2): WpBlock => ({ type: 'heading', level, content: typo(text) });
export const ul = (items: readonly string[], ordered = false): WpBlock => ({ type: 'list', ordered, items: items.map(typo) });
export const quote = (text: string, citation: string): WpBlock => ({ type: 'quote', content: typo(text), citation: typo(citation) });
export const table = (caption: string, head: string[], rows: string[][]): WpBlock => ({
  type: 'table',
  caption: typo(caption),
  head,
  rows,
});
export const image = (img: WpImage, caption: string): WpBlock => ({ type: 'image', image: img, caption: typo(caption) });
export const gallery = (images: ReadonlyArray<{ image: WpImage; caption: string }>): WpBlock => ({
  type: 'gallery',
  images: images.map((i) => ({ ...i.image, caption: typo(i.caption) })),
});
export const button = (url: string, label: string): WpBlock => ({ type: 'button', url, label });
export const separator = (): WpBlock => ({ type: 'separator' });
export const file = (doc: { url: string; title: string; filesize: number; mime: string }): WpBlock => ({
  type: 'file',
  url: doc.url,
  title: typo(doc.title),
  filesize: doc.filesize,
  mime: doc.mime,
});

const YT_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const DM_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function video(rng: Random, title: string): WpBlock {
  if (rng.chance(0.85)) {
    let id = '';
    for (let i = 0; i < 11; i++) id += YT_ALPHABET.charAt(rng.int(0, YT_ALPHABET.length - 1));
    return {
      type: 'video',
      provider: 'youtube',
      title: typo(title),
      url: `https://www.youtube.com/watch?v=${id}`,
      embed_url: `https://www.youtube-nocookie.com/embed/${id}`,
    };
  }
  let id = 'x8';
  for (let i = 0; i < 5; i++) id += DM_ALPHABET.charAt(rng.int(0, DM_ALPHABET.length - 1));
  return {
    type: 'video',
    provider: 'dailymotion',
    title: typo(title),
    url: `https://www.dailymotion.com/video/${id}`,
    embed_url: `https://www.dailymotion.com/embed/video/${id}`,
  };
}

export type Score = { tries: number; conversions: number; penalties: number; drops: number; total: number };

/** A plausible rugby union score; `attack` (0–1) shifts the number of tries. */
export function rugbyScore(rng: Random, attack: number): Score {
  const tries = rng.int(attack >= 0.5 ? 1 : 0, 2 + Math.round(attack * 4));
  let conversions = 0;
  for (let i = 0; i < tries; i++) if (rng.chance(0.72)) conversions++;
  const penalties = rng.int(attack >= 0.5 ? 1 : 0, 5);
  const drops = rng.chance(0.08) ? 1 : 0;
  return { tries, conversions, penalties, drops, total: tries * 5 + conversions * 2 + penalties * 3 + drops * 3 };
}

export type MatchResult = { france: Score; opponent: Score; outcome: 'victoire' | 'defaite' | 'nul' };

export function matchResult(rng: Random, strength: number): MatchResult {
  const france = rugbyScore(rng, strength);
  const opponent = rugbyScore(rng, 1 - strength);
  const outcome = france.total > opponent.total ? 'victoire' : france.total < opponent.total ? 'defaite' : 'nul';
  return { france, opponent, outcome };
}

export function scoreLine(result: MatchResult): string {
  return `${result.france.total}-${result.opponent.total}`;
}

export function scoreTable(caption: string, home: [string, Score], away: [string, Score]): WpBlock {
  const row = ([name, s]: [string, Score]): string[] => [
    name,
    String(s.tries),
    String(s.conversions),
    String(s.penalties),
    String(s.drops),
    String(s.total),
  ];
  return table(caption, ['Équipe', 'Essais', 'Transformations', 'Pénalités', 'Drops', 'Total'], [row(home), row(away)]);
}

const LINEUP: ReadonlyArray<readonly [Position, string]> = [
  ['pilier-gauche', 'Pilier gauche'],
  ['talonneur', 'Talonneur'],
  ['pilier-droit', 'Pilier droit'],
  ['deuxieme-ligne', 'Deuxième ligne'],
  ['deuxieme-ligne', 'Deuxième ligne'],
  ['troisieme-ligne', 'Troisième ligne aile'],
  ['troisieme-ligne', 'Troisième ligne aile'],
  ['numero-huit', 'Troisième ligne centre'],
  ['demi-de-melee', 'Demi de mêlée'],
  ['demi-d-ouverture', 'Demi d’ouverture'],
  ['ailier', 'Ailier'],
  ['centre', 'Premier centre'],
  ['centre', 'Second centre'],
  ['ailier', 'Ailier'],
  ['arriere', 'Arrière'],
];
const BENCH: readonly Position[] = [
  'talonneur',
  'pilier-gauche',
  'pilier-droit',
  'deuxieme-ligne',
  'troisieme-ligne',
  'numero-huit',
  'demi-de-melee',
  'centre',
];
const FALLBACK: Partial<Record<Position, Position>> = { 'numero-huit': 'troisieme-ligne', arriere: 'ailier', talonneur: 'pilier-gauche' };

export type Lineup = { starters: Player[]; bench: Player[]; captain: Player };

export function pickLineup(rng: Random, pool: readonly Player[], captainName: string): Lineup {
  const used = new Set<Player>();
  const take = (position: Position): Player => {
    const candidates = pool.filter((pl) => pl.position === position && !used.has(pl));
    const fallback = FALLBACK[position];
    const list = candidates.length > 0 ? candidates : fallback ? pool.filter((pl) => pl.position === fallback && !used.has(pl)) : [];
    const chosen = list.length > 0 ? rng.pick(list) : rng.pick(pool.filter((pl) => !used.has(pl)));
    used.add(chosen);
    return chosen;
  };
  // Weighted towards the regular starters: the first listed player of each position.
  const starters = LINEUP.map(([position]) => {
    const first = pool.find((pl) => pl.position === position && !used.has(pl));
    if (first && rng.chance(0.6)) {
      used.add(first);
      return first;
    }
    return take(position);
  });
  const bench = BENCH.map(take);
  const captain = starters.find((pl) => pl.name === captainName) ?? starters[8] ?? (starters[0] as Player);
  return { starters, bench, captain };
}

export function lineupTable(caption: string, lineup: Lineup): WpBlock {
  const rows = lineup.starters.map((pl, i) => [
    `${i + 1} – ${LINEUP[i]?.[1] ?? ''}`,
    pl === lineup.captain ? `${pl.name} (cap.)` : pl.name,
    pl.club,
    String(pl.caps),
  ]);
  for (const [i, pl] of lineup.bench.entries()) rows.push([`${i + 16} – Remplaçant`, pl.name, pl.club, String(pl.caps)]);
  return table(caption, ['Poste', 'Joueur', 'Club', 'Sélections'], rows);
}

const FORWARDS: ReadonlySet<Position> = new Set([
  'pilier-gauche',
  'talonneur',
  'pilier-droit',
  'deuxieme-ligne',
  'troisieme-ligne',
  'numero-huit',
]);

export const isForward = (pl: Player): boolean => FORWARDS.has(pl.position);
