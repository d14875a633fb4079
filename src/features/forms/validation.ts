import * as z from 'zod';
import { frenchDay, readTypedDate } from '../../lib/format/date';
import { CF7_DEFAULT_FILE_TYPES, CF7_DEFAULT_MAX_BYTES, cf7IsEmail, cf7IsTel } from './cf7-rules';
import type { FieldErrors, FormField, FormModel, FormValues } from './model';

// Server-side validation of a submitted form against its model, before anything goes to Contact
// Form 7: one schema per field, one French message per invalid field. Values are cleaned (trimmed,
// control characters removed) and kept on failure so the form can be shown again as typed; names
// the form does not have are dropped, so only the form's own fields are forwarded upstream.

export type UploadedFile = { name: string; size: number; type: string };
export type FormInput = {
  values: FormValues;
  files: Record<string, UploadedFile[]>;
  /** Choices known only at run time (a data: field such as the accreditation events), by field name. */
  choices?: Record<string, string[]>;
};
export type ValidationResult = { ok: true; values: FormValues } | { ok: false; errors: FieldErrors; values: FormValues };

export const MESSAGES = {
  required: 'Veuillez renseigner ce champ.',
  email: 'Veuillez saisir une adresse e-mail valide.',
  tel: 'Veuillez saisir un numéro de téléphone valide.',
  url: 'Veuillez saisir une adresse web valide (https://…).',
  number: 'Veuillez saisir un nombre.',
  date: 'Veuillez saisir une date valide (JJ/MM/AAAA).',
  choice: 'Choix invalide.',
  rejected: 'Cette valeur n’est pas acceptée. Merci de la vérifier.',
  acceptance: 'Vous devez accepter pour continuer.',
  /** An accreditation request's identity field the profile leaves empty (issue 50). */
  fromProfile:
    'Cette information vient de votre profil, où elle manque\u202f: complétez votre profil, puis envoyez à nouveau votre demande.',
  fileTooLarge: 'Le fichier téléversé est trop volumineux.',
  fileType: 'Ce type de fichier n’est pas accepté.',
  tooShort: (n: number) => `Ce champ doit contenir au moins ${n} caractère${n > 1 ? 's' : ''}.`,
  tooLong: (n: number) => `Ce champ doit contenir au plus ${n} caractère${n > 1 ? 's' : ''}.`,
  numberTooSmall: (n: string) => `Veuillez saisir un nombre supérieur ou égal à ${n}.`,
  numberTooLarge: (n: string) => `Veuillez saisir un nombre inférieur ou égal à ${n}.`,
  dateTooEarly: (d: string) => `Veuillez saisir une date à partir du ${frenchDay(d)}.`,
  dateTooLate: (d: string) => `Veuillez saisir une date jusqu’au ${frenchDay(d)}.`,
} as const;

/** Hidden and other text the form model gives no limit. */
export const DEFAULT_MAX_LENGTH = 5000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^[+-]?(\d+([.,]\d+)?|[.,]\d+)$/;

/** Trimmed, without control characters other than \n and \t; single-line fields lose those too. */
export function cleanValue(value: string, multiline: boolean): string {
  let text = value.replace(/\r\n?/g, '\n');
  text = multiline
    ? text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
    : text.replace(/[\n\t]+/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
  return text.trim();
}

const isMulti = (field: FormField) => field.kind === 'checkbox' || (field.kind === 'select' && field.multiple === true);
const TEXT_LIKE = new Set(['text', 'email', 'tel', 'url', 'textarea', 'hidden']);

function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The schema of one single-valued field's (cleaned) value, empty values excluded. */
function valueSchema(field: FormField): z.ZodType<string, string> {
  let text = z.string();
  if (TEXT_LIKE.has(field.kind)) {
    const max = field.maxLength ?? DEFAULT_MAX_LENGTH;
    text = text.max(max, { error: MESSAGES.tooLong(max) });
    if (field.minLength !== undefined && field.minLength > 0)
      text = text.min(field.minLength, { error: MESSAGES.tooShort(field.minLength) });
  }
  switch (field.kind) {
    case 'email':
      return text.pipe(
        z.email({ error: MESSAGES.email }).max(254, { error: MESSAGES.email }).refine(cf7IsEmail, { error: MESSAGES.email }),
      );
    case 'tel':
      return text.pipe(z.string().refine(cf7IsTel, { error: MESSAGES.tel }));
    case 'url':
      return text.pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: MESSAGES.url }));
    case 'number': {
      let n = z.number();
      const min = field.min !== undefined && Number.isFinite(Number(field.min)) ? Number(field.min) : undefined;
      const max = field.max !== undefined && Number.isFinite(Number(field.max)) ? Number(field.max) : undefined;
      if (min !== undefined) n = n.min(min, { error: MESSAGES.numberTooSmall(field.min!) });
      if (max !== undefined) n = n.max(max, { error: MESSAGES.numberTooLarge(field.max!) });
      return z
        .string()
        .regex(NUMBER, { error: MESSAGES.number })
        .transform((v) => Number(v.replace(',', '.')))
        .pipe(n)
        .transform(String);
    }
    case 'date': {
      let d = z.string().refine(isRealDate, { error: MESSAGES.date, abort: true });
      if (field.min && isRealDate(field.min)) d = d.refine((v) => v >= field.min!, { error: MESSAGES.dateTooEarly(field.min) });
      if (field.max && isRealDate(field.max)) d = d.refine((v) => v <= field.max!, { error: MESSAGES.dateTooLate(field.max) });
      return d;
    }
    case 'acceptance':
      return z.string().refine((v) => v === '1' || v === 'on', { error: MESSAGES.acceptance });
    default:
      return text;
  }
}

function fieldSchema(field: FormField, choices: string[] | undefined): z.ZodType<unknown> {
  if (field.kind === 'file') {
    const maxBytes = field.maxBytes ?? CF7_DEFAULT_MAX_BYTES;
    const types = (field.fileTypes && field.fileTypes.length > 0 ? field.fileTypes : CF7_DEFAULT_FILE_TYPES).map((t) => t.toLowerCase());
    // By extension; a CF7 entry that is a MIME type ("image/*", "application/pdf") matches the type.
    const accepted = (file: UploadedFile) => {
      const ext = /\.([^./\\]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
      return types.some((t) => {
        if (!t.includes('/')) return t === ext;
        return t.endsWith('/*') ? file.type.toLowerCase().startsWith(t.slice(0, -1)) : file.type.toLowerCase() === t;
      });
    };
    const file = z.object({ name: z.string(), size: z.number(), type: z.string() }).refine(accepted, { error: MESSAGES.fileType });
    // CF7 measures the limit against all the files of the field together (maxfilesize rule).
    const list = z.array(file).refine((files) => files.reduce((n, f) => n + f.size, 0) <= maxBytes, { error: MESSAGES.fileTooLarge });
    return field.required ? z.array(z.unknown()).min(1, { error: MESSAGES.required }).pipe(list) : list;
  }
  // A choice must be one CF7 will accept: its listed values, or the ones known at run time.
  const allowed = choices ?? (field.options.length > 0 || !field.dataOptions ? field.options.map((o) => o.value) : undefined);
  const choice = allowed ? z.string().refine((v) => allowed.includes(v), { error: MESSAGES.choice }) : null;
  if (isMulti(field)) {
    const item = choice ?? z.string().max(DEFAULT_MAX_LENGTH, { error: MESSAGES.tooLong(DEFAULT_MAX_LENGTH) });
    const list = z.array(item);
    return field.required ? list.min(1, { error: MESSAGES.required }) : list;
  }
  const schema = (field.kind === 'select' || field.kind === 'radio') && choice ? choice : valueSchema(field);
  if (field.kind === 'acceptance') return field.required ? schema : z.string();
  // An empty optional field is valid whatever its kind; an empty required one says so first.
  return field.required
    ? z.string().min(1, { error: MESSAGES.required }).pipe(schema)
    : z
        .string()
        .transform((v) => (v === '' ? undefined : v))
        .pipe(schema.optional());
}

function firstValue(raw: string | string[] | undefined): string {
  if (raw === undefined) return '';
  if (typeof raw === 'string') return raw;
  return raw.find((v) => typeof v === 'string' && v.trim() !== '') ?? '';
}

/** The form's own values, cleaned; file fields have none (their files travel apart). */
export function cleanValues(model: FormModel, values: FormValues): FormValues {
  const out: FormValues = {};
  for (const field of model.fields) {
    if (field.kind === 'file') continue;
    const raw = Object.hasOwn(values, field.name) ? values[field.name] : values[`${field.name}[]`];
    if (isMulti(field)) {
      const list = raw === undefined ? [] : typeof raw === 'string' ? [raw] : raw.filter((v) => typeof v === 'string');
      out[field.name] = list.map((v) => cleanValue(v, false)).filter((v) => v !== '');
    } else {
      const value = cleanValue(firstValue(raw), field.kind === 'textarea');
      // A date as typed (« 12/03/85 », or a date input's « 0085-03-12 ») becomes the ISO day CF7
      // takes; one that cannot be read is kept as typed, for its error message.
      out[field.name] = field.kind === 'date' && value !== '' ? (readTypedDate(value) ?? value) : value;
    }
  }
  return out;
}

export function validateForm(model: FormModel, input: FormInput): ValidationResult {
  const values = cleanValues(model, input.values);
  const errors: FieldErrors = {};
  for (const field of model.fields) {
    const value =
      field.kind === 'file'
        ? (input.files[field.name] ?? input.files[`${field.name}[]`] ?? []).filter((f) => f.name !== '' || f.size > 0)
        : values[field.name];
    const result = fieldSchema(field, input.choices?.[field.name]).safeParse(value);
    if (!result.success) errors[field.name] = result.error.issues[0]?.message ?? MESSAGES.required;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors, values } : { ok: true, values };
}
