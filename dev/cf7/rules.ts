import { accountByEmail, accountPrefs, type AccreditationRequest } from '../wordpress/accounts-state';
import type { FormTag } from './form-tags';
import type { ContentStore } from '../content/store';

// The federation's additions to Contact Form 7 (their plugin hooks wpcf7_validate): one request per
// e-mail and event on the accreditation forms, one video per e-mail; and, once an accreditation
// request is accepted, the requested events recorded in the journalist's press space.

export const DUPLICATE_EMAIL_MESSAGE = 'Cette adresse e-mail a déjà été utilisée pour cette demande.';
export const DUPLICATE_VIDEO_MESSAGE = 'Cette vidéo a déjà été envoyée.';
export const EVENT_TITLE_FIELD = 'accreditation-event-title';

/** The six accreditation forms of SPEC §2, by slug: the federation's rules and its plugin's guard name them so. */
const ACCREDITATION_FORMS = new Set([
  'evenements-presse',
  'accreditation-evenements-presse',
  'rencontres-internationales',
  'accreditation-rencontres-internationales',
  'media-francais-sans-carte',
  'accreditation-media-francais-sans-carte',
]);

/** A submission CF7 accepted (mail_sent), as /__control/submissions lists it. */
export type Submission = {
  formId: number;
  slug: string;
  /** Text values by field name ("name[]" sent as "name"), as posted. */
  fields: Record<string, string[]>;
  /** The same values as the mail gets them: through the pipes ("Oui|1" posted "Oui", mailed "1"). */
  mailFields: Record<string, string[]>;
  /** Every uploaded file name. */
  files: string[];
  /** Uploaded file names by field name. */
  uploads: Record<string, string[]>;
  /** The value of the form's first e-mail field, as sent. */
  email: string;
  at: string;
  /** Who WordPress saw sending it: the site sends as anonymous, the feedback route being public. */
  caller: 'anonymous' | 'editor';
};

export function isAccreditationForm(slug: string): boolean {
  return ACCREDITATION_FORMS.has(slug);
}

export const isVideoField = (name: string): boolean => /(^|[-_])vid[eé]o($|[-_])/i.test(name);

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** True when this e-mail already requested one of these events through an accreditation form. */
export function isDuplicateAccreditation(submissions: Submission[], email: string, titles: string[]): boolean {
  if (!email || titles.length === 0) return false;
  return submissions.some(
    (s) =>
      isAccreditationForm(s.slug) &&
      same(s.email, email) &&
      (s.fields[EVENT_TITLE_FIELD] ?? []).some((t) => titles.some((title) => same(t, title))),
  );
}

/** True when a video of this name was already sent with this e-mail (any form). */
export function isDuplicateVideo(submissions: Submission[], email: string, fileName: string): boolean {
  if (!email || !fileName) return false;
  return submissions.some(
    (s) =>
      same(s.email, email) &&
      Object.entries(s.uploads).some(([field, names]) => isVideoField(field) && names.some((n) => same(n, fileName))),
  );
}

/**
 * The values a mail gets (includes/submission.php, setup_posted_data): each posted before-pipe value
 * of a choice replaced by its after part, through the pipes of every tag with that name.
 */
export function pipedValues(tags: FormTag[], name: string, values: string[]): string[] {
  const pipes = tags.filter((t) => t.name === name).flatMap((t) => t.pipes);
  if (pipes.length === 0) return values;
  return values.map((v) => pipes.find(([before]) => before === v)?.[1] ?? v);
}

/**
 * Records the requested events as 'attente' in the prefs of the test account with this e-mail.
 * Returns what was recorded (nothing when no account has this e-mail or no title names an event).
 */
export function recordAccreditations(store: ContentStore, email: string, titles: string[]): AccreditationRequest[] {
  const account = accountByEmail(store, email);
  if (!account) return [];
  const prefs = accountPrefs(store, account);
  const list = Array.isArray(prefs.journaliste_accreditations_events)
    ? (prefs.journaliste_accreditations_events as AccreditationRequest[])
    : [];
  const recorded: AccreditationRequest[] = [];
  for (const title of new Set(titles.map((t) => t.trim()).filter(Boolean))) {
    const event = store.content.events.find((e) => same(e.title, title));
    if (!event) continue;
    const request: AccreditationRequest = { event_id: event.id, title: event.title, date: event.startDate, status: 'attente' };
    const existing = list.find((r) => r.event_id === event.id);
    // A new request reopens a refused one; accepted, pending and closed ones stay as they are.
    if (existing) {
      if (existing.status === 'refuse') existing.status = 'attente';
      recorded.push(existing);
    } else {
      list.push(request);
      recorded.push(request);
    }
  }
  prefs.journaliste_accreditations_events = list;
  return recorded;
}
