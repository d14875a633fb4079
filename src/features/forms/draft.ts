import { DEFAULT_DIAL_CODE, isDialCodeField, type FormField, type FormModel, type FormValues } from './model';

// A form's unsent input, kept as a draft (the contact modal's: draft-state.ts). Client-safe.

/** Fields a draft keeps: what the reader types or chooses. Files cannot be kept, hidden fields are the site's. */
const kept = (field: FormField) => field.kind !== 'file' && field.kind !== 'hidden';

/** The form's own fields from what the form holds now (no honeypot, no idempotency key, no file). */
export function draftValues(model: FormModel, data: FormData): FormValues {
  const out: FormValues = {};
  for (const field of model.fields.filter(kept)) {
    const all = [...data.getAll(field.name), ...data.getAll(`${field.name}[]`)].filter((v): v is string => typeof v === 'string');
    if (all.length === 0) continue;
    out[field.name] = field.kind === 'checkbox' ? all : all[0]!;
  }
  return out;
}

/** What a field holds before anyone touches it: its default: choice, or the dial-code picker's default. */
function pristine(field: FormField): string[] {
  if (isDialCodeField(field)) return [DEFAULT_DIAL_CODE];
  return field.defaultValue ?? [];
}

const list = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((x) => x.trim()).filter(Boolean);

/**
 * True when the form holds something else than `base` (by default, nothing: the form as it opens).
 * A form posts no value for unticked boxes, so only there does absence mean a choice.
 */
export function changedFrom(model: FormModel, values: FormValues, base: FormValues): boolean {
  return model.fields.filter(kept).some((field) => {
    if (values[field.name] === undefined && field.kind !== 'checkbox') return false;
    const now = list(values[field.name]).sort();
    const before = (base[field.name] !== undefined ? list(base[field.name]) : [...pristine(field)]).sort();
    return now.length !== before.length || now.some((v, i) => v !== before[i]);
  });
}

/** True when the reader typed or chose something: a form opened and left as it was holds nothing to keep. */
export const hasInput = (model: FormModel, values: FormValues): boolean => changedFrom(model, values, {});

/** A draft read back from storage: only strings and lists of strings, anything else is no draft. */
export function parseDraft(raw: string | null): FormValues | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const out: FormValues = {};
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string') out[k] = v;
      else if (Array.isArray(v) && v.every((x) => typeof x === 'string')) out[k] = v as string[];
    }
    return Object.keys(out).length > 0 ? out : null;
  } catch {
    return null;
  }
}

/**
 * A page form's draft in this tab's storage, by form: what was typed survives leaving the page (to
 * sign in, to follow a link) and coming back. Like the contact modal's, it ends with the tab.
 */
export const pageDraftKey = (slug: string) => `ffr-brouillon:${slug}`;

export function readPageDraft(slug: string): FormValues | null {
  try {
    return parseDraft(sessionStorage.getItem(pageDraftKey(slug)));
  } catch {
    return null; // storage refused (privacy settings): nothing kept
  }
}

export function keepPageDraft(slug: string, values: FormValues | null): void {
  try {
    if (values) sessionStorage.setItem(pageDraftKey(slug), JSON.stringify(values));
    else sessionStorage.removeItem(pageDraftKey(slug));
  } catch {
    // Full or refused: the input stays on the page, only not beyond it.
  }
}
