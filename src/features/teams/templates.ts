import type { Page } from '../../schemas/page';

// The team page templates WordPress names in `template` (ACF "equipe" templates): what differs
// between them is how the squad is grouped and what a player's count means.

export type TeamTemplate = {
  /** The squad sheet: one group per position (XV), or forwards and backs (sevens). */
  groupBy: 'poste' | 'ligne';
  /** `selections`: caps for XV teams; for sevens, tournaments played on the world circuit. */
  caps: readonly [string, string];
};

const TEMPLATES: Readonly<Record<string, TeamTemplate>> = {
  equipe: { groupBy: 'poste', caps: ['sélection', 'sélections'] },
  'equipe-7': { groupBy: 'ligne', caps: ['tournoi', 'tournois'] },
};

/** The team template of a page, or null when the page is not a team page. */
export function teamTemplate(page: Pick<Page, 'template'>): TeamTemplate | null {
  return Object.hasOwn(TEMPLATES, page.template) ? TEMPLATES[page.template]! : null;
}
