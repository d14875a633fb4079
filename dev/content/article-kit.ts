// What article templates receive and return, and small helpers they share.

import type { WpBlock, WpLabel } from './types.js';
import type { AuthorDesk, Desk } from './authors.js';
import type { CategoryTree } from './categories.js';
import type { DocumentKind, PressDocument } from './documents.js';
import type { Player, Venue } from './french/words.js';
import type { IllustrationLibrary, Theme } from './images.js';
import type { Random } from './random.js';
import type { TagLibrary, TagName } from './tags.js';
import { parisToUtc, toParis, DAY } from './dates.js';

export type Env = {
  now: number;
  categories: CategoryTree;
  tags: TagLibrary;
  illustrations: IllustrationLibrary;
  authors: AuthorDesk;
  documents: Map<DocumentKind, PressDocument>;
  u20Players: readonly Player[];
};

export type TemplateCtx = { rng: Random; at: number; env: Env };

export type ArticleDraft = {
  title: string;
  categoryId: number;
  label: WpLabel | null;
  typeFlow?: 'article' | 'video' | 'galerie';
  /** The standfirst: first paragraph, source of the excerpt. Inline HTML allowed. */
  lead: string;
  body: WpBlock[];
  tags: TagName[];
  desk: Desk;
  /** Theme of the paragraph bank used to reach the article's paragraph count. */
  filler: Theme;
  /** Offered as `file_download_post`. */
  document?: DocumentKind;
  /** Video articles get an `illustration_video`. */
  video?: boolean;
};

export type Template = {
  id: string;
  weight: number;
  /** Whether the template makes sense in that month, 1–12 (match reports only in match months…). */
  available?: (month: number) => boolean;
  make: (ctx: TemplateCtx) => ArticleDraft;
};

export const LABELS = {
  communique: { name: 'Communiqué', slug: 'communique' },
  officiel: { name: 'Officiel', slug: 'officiel' },
  video: { name: 'Vidéo', slug: 'video' },
  interview: { name: 'Interview', slug: 'interview' },
  exclusif: { name: 'Exclusif', slug: 'exclusif' },
} as const satisfies Record<string, WpLabel>;

export const inMonths =
  (...months: number[]) =>
  (month: number): boolean =>
    months.includes(month);

/** The instant `days` days after `at` (calendar days, Paris), at a given wall-clock time. */
export function dayAt(at: number, days: number, hour: number, minute: number): number {
  const d = toParis(at + days * DAY);
  return parisToUtc(d.year, d.month, d.day, hour, minute);
}

/** "au Stade de France", "à l’Allianz Riviera" */
export function atVenue(venue: Venue): string {
  return /^[AEIOUÉ]/i.test(venue.name) ? `à l’${venue.name}` : `au ${venue.name}`;
}

/** "1 essai", "3 essais" */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${n} ${n > 1 ? pluralForm : singular}`;
}

/** The next given weekday (0 = Sunday) strictly after `at`, at a wall-clock time. */
export function nextWeekday(at: number, weekday: number, hour: number, minute: number): number {
  const days = (weekday - toParis(at).weekday + 7) % 7 || 7;
  return dayAt(at, days, hour, minute);
}

/** The last given weekday (0 = Sunday) strictly before `at`, at a wall-clock time. */
export function lastWeekday(at: number, weekday: number, hour: number, minute: number): number {
  const days = (toParis(at).weekday - weekday + 7) % 7;
  const sameDay = dayAt(at, 0, hour, minute);
  return days === 0 && sameDay < at ? sameDay : dayAt(at, -(days || 7), hour, minute);
}
