import { accountByEmail, accountPrefs, type AccreditationRequest } from '../accounts-state';
import type { Cf7Field, Cf7Form } from '../content/types';
import type { ContentStore } from '../store';

// The federation's additions to Contact Form 7 (their plugin hooks wpcf7_validate): one request per
// e-mail and event on the accreditation forms, one video per e-mail; and, once an accreditation
// request is accepted, the requested events recorded in the journalist's press space.

export const DUPLICATE_EMAIL_MESSAGE = 'Cette adresse e-mail a déjà été utilisée pour cette demande.';
export const DUPLICATE_VIDEO_MESSAGE = 'Cette vidéo a déjà été envoyée.';
export const EVENT_TITLE_FIELD = 'accreditation-event-title';

/** CF7's default upload limit is 1 Mo; the federation raised it to 5 Mo. A field's limit: wins. */
export const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Contact Form 7's default acceptable file types. */
export const DEFAULT_FILE_TYPES = ['jpg', 'jpeg', 'png', 'gif', 'pdf', 'doc', 'docx', 'ppt', 'pptx', 'odt', 'avi', 'ogg', 'm4a', 'mov', 'mp3', 'mp4', 'mpg', 'wav', 'wmv'];

const ACCREDITATION_SLUGS = new Set(['evenements-presse', 'rencontres-internationales', 'media-francais-sans-carte']);

/** A submission CF7 accepted (mail_sent), as /__control/submissions lists it. */
export type Submission = {
  formId: number;
  slug: string;
  /** Text values by field name ("name[]" sent as "name"). */
  fields: Record<string, string[]>;
  /** Every uploaded file name. */
  files: string[];
  /** Uploaded file names by field name. */
  uploads: Record<string, string[]>;
  /** The value of the form's first e-mail field, as sent. */
  email: string;
  at: string;
};

export function isAccreditationForm(slug: string): boolean {
  return slug.includes('accreditation') || ACCREDITATION_SLUGS.has(slug);
}

export const isVideoField = (name: string): boolean => /(^|[-_])vid[eé]o($|[-_])/i.test(name);

export function emailFieldOf(form: Cf7Form): Cf7Field | undefined {
  return form.properties.form.fields.find((f) => f.basetype === 'email' && f.name);
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** True when this e-mail already requested one of these events through an accreditation form. */
export function isDuplicateAccreditation(submissions: Submission[], email: string, titles: string[]): boolean {
  if (!email || titles.length === 0) return false;
  return submissions.some(
    (s) => isAccreditationForm(s.slug) && same(s.email, email) && (s.fields[EVENT_TITLE_FIELD] ?? []).some((t) => titles.some((title) => same(t, title))),
  );
}

/** True when a video of this name was already sent with this e-mail (any form). */
export function isDuplicateVideo(submissions: Submission[], email: string, fileName: string): boolean {
  if (!email || !fileName) return false;
  return submissions.some(
    (s) => same(s.email, email) && Object.entries(s.uploads).some(([field, names]) => isVideoField(field) && names.some((n) => same(n, fileName))),
  );
}

/** "5mb", "2048kb", "1048576" → bytes. */
export function parseLimit(value: string | undefined): number | undefined {
  const m = /^(\d+)(kb|mb)?$/i.exec((value ?? '').trim());
  if (!m) return undefined;
  const unit = (m[2] ?? '').toLowerCase();
  return Number(m[1]) * (unit === 'mb' ? 1024 * 1024 : unit === 'kb' ? 1024 : 1);
}

export const optionOf = (field: Cf7Field, key: string): string | undefined => field.options.find((o) => o.startsWith(`${key}:`))?.slice(key.length + 1);

export function fileTypeAccepted(field: Cf7Field, fileName: string): boolean {
  const types = (optionOf(field, 'filetypes') ?? '').split('|').map((t) => t.trim().toLowerCase().replace(/^\./, '')).filter(Boolean);
  const ext = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return (types.length > 0 ? types : DEFAULT_FILE_TYPES).includes(ext);
}

/**
 * Records the requested events as 'attente' in the prefs of the test account with this e-mail.
 * Returns what was recorded (nothing when no account has this e-mail or no title names an event).
 */
export function recordAccreditations(store: ContentStore, email: string, titles: string[]): AccreditationRequest[] {
  const account = accountByEmail(store, email);
  if (!account) return [];
  const prefs = accountPrefs(store, account);
  const list = Array.isArray(prefs.journaliste_accreditations_events) ? (prefs.journaliste_accreditations_events as AccreditationRequest[]) : [];
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
