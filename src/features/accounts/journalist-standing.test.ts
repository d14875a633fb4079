import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACTION_LABELS, STANDINGS, standingOf } from './journalist-standing';

// The table of docs/journalist-status.md is this module, written out: a change to one without the
// other fails here.

const CASES: Array<[string, { journalist_status_request?: boolean; journalist_updated_profile?: boolean }]> = [
  ['oui', {}],
  ['a_valider', {}],
  ['refuse', {}],
  ['en_attente_infos', {}],
  ['en_attente_infos', { journalist_updated_profile: true }],
  ['non', {}],
  ['non', { journalist_status_request: true }],
  ['', {}],
  ['', { journalist_status_request: true }],
];

const cell = (text: string) => text.replaceAll('|', '\\|');

export function standingTable(): string {
  const rows = CASES.map(([journaliste, flags]) => {
    const standing = standingOf({ journaliste, ...flags });
    const s = STANDINGS[standing];
    const flagText =
      Object.keys(flags)
        .map((f) => `\`${f}\``)
        .join(', ') || '—';
    return `| \`${journaliste || '(vide)'}\` | ${flagText} | ${s.label} | ${s.notice ? cell(s.notice) : '— (le formulaire, l’espace presse)'} | ${s.action ? ACTION_LABELS[s.action] : '—'} | ${s.modal ?? '—'} | ${s.banner ? 'oui' : 'non'} |`;
  });
  return [
    '| `journaliste` | drapeaux | état | ce que disent l’espace presse et le formulaire d’accréditation | action proposée | fenêtre, une fois par session | bandeau « S’accréditer » |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

describe('where a reader stands as a journalist', () => {
  it('reads the status and the newsroom’s flags as SPEC §4 says', () => {
    expect(standingOf({ journaliste: 'oui' })).toBe('journaliste');
    expect(standingOf({ journaliste: 'en_attente_infos' })).toBe('infos_demandees');
    expect(standingOf({ journaliste: 'en_attente_infos', journalist_updated_profile: true })).toBe('infos_envoyees');
    expect(standingOf({ journaliste: 'non', journalist_status_request: true })).toBe('demande_envoyee');
    expect(standingOf({ journaliste: 'quelque-chose' })).toBe('sans_statut');
    // Only a status never asked for, or information still awaited, opens a window (SPEC §4).
    const windows = Object.entries(STANDINGS)
      .filter(([, s]) => s.modal !== null)
      .map(([k]) => k);
    expect(windows.sort()).toEqual(['infos_demandees', 'sans_statut']);
  });

  it('is the table of docs/journalist-status.md', () => {
    const doc = readFileSync(new URL('../../../docs/journalist-status.md', import.meta.url), 'utf8');
    expect(doc).toContain(standingTable());
  });
});
