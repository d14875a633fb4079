import * as z from 'zod';
import { decodeEntities } from '../../lib/html/entities';
import { displayText } from '../../lib/format/typography';
import { CF7_DEFAULT_FILE_TYPES, CF7_DEFAULT_MAX_BYTES, cf7MaxLength } from './cf7-rules';
import type { FieldKind, FormField, FormModel } from './model';

// Builds the form model from Contact Form 7's own description of a form (GET contact-forms/{id}):
// properties.form.fields gives the form tags as the plugin scanned them, properties.form.content
// the editor's markup, from which the labels are read. Lenient: a malformed field is skipped; a
// malformed form gives null. The rules below follow the plugin's source (rocklobster-in/contact-form-7).

const strings = z
  .array(z.unknown())
  .catch([])
  .transform((list) => list.filter((v): v is string => typeof v === 'string'));

const Cf7FieldSchema = z.object({
  type: z.string().min(1),
  basetype: z.string().optional().catch(undefined),
  name: z.string(),
  options: strings,
  raw_values: strings,
  labels: strings,
  values: strings,
  content: z.string().catch(''),
});
type Cf7Field = z.infer<typeof Cf7FieldSchema>;

const Cf7FormSchema = z.object({
  id: z.coerce.number().int().positive(),
  slug: z.string().min(1),
  title: z.string().catch(''),
  properties: z.object({
    form: z.object({ content: z.string().catch(''), fields: z.array(z.unknown()) }),
    messages: z
      .record(z.string(), z.unknown())
      .catch({})
      .transform((m) => Object.fromEntries(Object.entries(m).filter((e): e is [string, string] => typeof e[1] === 'string'))),
  }),
});

const KINDS: Record<string, FieldKind> = {
  text: 'text',
  email: 'email',
  tel: 'tel',
  url: 'url',
  number: 'number',
  date: 'date',
  textarea: 'textarea',
  select: 'select',
  radio: 'radio',
  checkbox: 'checkbox',
  acceptance: 'acceptance',
  file: 'file',
  hidden: 'hidden',
};
const CHOICES = new Set<FieldKind>(['select', 'radio', 'checkbox']);

/** Labels for the names editors commonly use, when the markup does not give one. */
const FALLBACK_LABELS: Record<string, string> = {
  nom: 'Nom',
  'your-name': 'Nom',
  prenom: 'Prénom',
  civilite: 'Civilité',
  email: 'Adresse e-mail',
  'e-mail': 'Adresse e-mail',
  mail: 'Adresse e-mail',
  'your-email': 'Adresse e-mail',
  telephone: 'Téléphone',
  tel: 'Téléphone',
  portable: 'Téléphone portable',
  indicatif: 'Indicatif',
  media: 'Média',
  societe: 'Société',
  fonction: 'Fonction',
  'carte-presse': 'Numéro de carte de presse',
  justificatif: 'Justificatif',
  message: 'Message',
  'your-message': 'Message',
  commentaire: 'Commentaire',
  sujet: 'Sujet',
  'your-subject': 'Sujet',
  objet: 'Objet',
  'type-demande': 'Type de demande',
  'deja-accredite': 'Êtes-vous déjà accrédité auprès de la FFR\u202f?',
  'accreditation-event-title': 'Événement(s) concerné(s)',
  adresse: 'Adresse',
  'code-postal': 'Code postal',
  ville: 'Ville',
  pays: 'Pays',
  'date-naissance': 'Date de naissance',
  site: 'Site web',
  video: 'Vidéo',
  'fichier-video': 'Vidéo',
  fichier: 'Fichier',
  rgpd: 'J’accepte le traitement de mes données personnelles.',
};

/** Visible text of a piece of markup: no shortcodes, no tags, single spaces, no trailing " *". */
function plainText(markup: string): string {
  return decodeEntities(
    markup
      .replace(/\[[^\]]*\]/g, ' ')
      .replace(/<\/?(?:a|abbr|b|em|i|small|span|strong|sub|sup)\b[^>]*>/gi, '') // inline: no word break
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*\*$/, '')
    .trim();
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text of the <label> (or <fieldset>'s <legend>) around the field's form tag, if any. */
function labelFromContent(content: string, name: string): string {
  const tag = new RegExp(`\\[[a-z_]+\\*?\\s+${escapeRegExp(name)}(?=[\\s\\]])`);
  for (const m of content.matchAll(/<label\b[^>]*>([\s\S]*?)<\/label>/gi)) {
    const inner = m[1] ?? '';
    if (tag.test(inner)) {
      const text = plainText(inner);
      if (text) return text;
    }
  }
  for (const m of content.matchAll(/<fieldset\b[^>]*>([\s\S]*?)<\/fieldset>/gi)) {
    const inner = m[1] ?? '';
    if (!tag.test(inner)) continue;
    const legend = /<legend\b[^>]*>([\s\S]*?)<\/legend>/i.exec(inner);
    const text = plainText(legend?.[1] ?? '');
    if (text) return text;
  }
  return '';
}

function humanise(name: string): string {
  const words = name.replace(/\[\]$/, '').replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

function fieldLabel(field: Cf7Field, kind: FieldKind, content: string): string {
  const fromMarkup = labelFromContent(content, field.name);
  if (fromMarkup) return fromMarkup;
  if (kind === 'acceptance') {
    const text = plainText(field.content);
    if (text) return text;
  }
  return FALLBACK_LABELS[field.name.toLowerCase()] ?? humanise(field.name);
}

/** get_limit_option (includes/form-tag.php): whole bytes, kb or mb, else the 1 MB default. */
function limitBytes(options: string[]): number {
  for (const o of options) {
    const m = /^limit:([1-9][0-9]*)([kKmM]?[bB])?$/.exec(o);
    if (!m) continue;
    const unit = (m[2] ?? '').toLowerCase();
    return Number(m[1]) * (unit === 'mb' ? 1024 * 1024 : unit === 'kb' ? 1024 : 1);
  }
  return CF7_DEFAULT_MAX_BYTES;
}

function positiveInt(value: string): number | undefined {
  if (!/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : undefined;
}

function toField(field: Cf7Field, content: string): FormField | null {
  const basetype = (field.basetype || field.type).replace(/\*$/, '').toLowerCase();
  const kind = KINDS[basetype];
  const name = field.name.trim();
  if (!kind || !name || !/^[A-Za-z][\w:.-]*$/.test(name)) return null;

  const option = (key: string) => field.options.find((o) => o.startsWith(`${key}:`))?.slice(key.length + 1);
  const has = (key: string) => field.options.includes(key);

  const model: FormField = {
    name,
    kind,
    // There is no radio* tag: CF7 makes every radio required (modules/checkbox.php, the SWV rules).
    required: kind === 'acceptance' ? !has('optional') : kind === 'radio' || field.type.endsWith('*'),
    // Labels are shown, never sent back: set as French text (« Chef d’édition », « … FFR ? »).
    label: displayText(fieldLabel({ ...field, name }, kind, content)),
    options: [],
  };

  if (CHOICES.has(kind)) {
    // With pipes ("Oui|1") CF7 shows and posts the part before the pipe (includes/form-tags-manager.php:
    // values and labels are both the befores); the part after only goes into the mail.
    let values = field.values.map((v) => decodeEntities(v));
    let labels = values.map((v, i) => decodeEntities(field.labels[i] ?? v));
    if (kind === 'select' && has('first_as_label') && values.length > 0) {
      model.placeholder = displayText(labels[0]!);
      values = values.slice(1);
      labels = labels.slice(1);
    }
    // The value is posted back exactly as CF7 has it (it checks it against its list); the label is shown.
    model.options = values.map((value, i) => ({ value, label: displayText(labels[i] ?? value) }));
    // default:2 or default:1_3, one-based (includes/form-tag.php, get_default_option).
    const picked = (option('default') ?? '')
      .split('_')
      .map((n) => (/^\d+$/.test(n) ? field.values[Number(n) - 1] : undefined))
      .filter((v): v is string => v !== undefined);
    if (picked.length > 0) model.defaultValue = picked.map((v) => decodeEntities(v));
    // Values filled at run time by a wpcf7_form_tag_data_option filter (data:…).
    const data = field.options.filter((o) => o.startsWith('data:')).map((o) => o.slice(5));
    if (data.length > 0) model.dataOptions = data;
  } else if ((has('placeholder') || has('watermark')) && field.raw_values.length > 0) {
    model.placeholder = field.raw_values[0];
  }

  const minLength = positiveInt(option('minlength') ?? '');
  const maxLength = positiveInt(option('maxlength') ?? '');
  if (minLength !== undefined) model.minLength = minLength;
  const cf7Max = cf7MaxLength(kind);
  if (maxLength !== undefined || cf7Max !== undefined) model.maxLength = maxLength ?? cf7Max;
  const min = option('min');
  const max = option('max');
  if (min) model.min = min;
  if (max) model.max = max;
  if (kind === 'file') {
    model.maxBytes = limitBytes(field.options);
    const types = option('filetypes');
    const list = types
      ? types
          .toLowerCase()
          .split(/[\s|,]+/)
          .map((t) => t.replace(/^\./, ''))
          .filter(Boolean)
      : [];
    model.fileTypes = list.length > 0 ? [...new Set(list)] : CF7_DEFAULT_FILE_TYPES;
  }
  if (has('multiple') || kind === 'checkbox') model.multiple = true;
  return model;
}

export function toFormModel(raw: unknown): FormModel | null {
  const parsed = Cf7FormSchema.safeParse(raw);
  if (!parsed.success) return null;
  const form = parsed.data;
  const content = form.properties.form.content;
  const fields: FormField[] = [];
  const seen = new Set<string>();
  for (const item of form.properties.form.fields) {
    const tag = Cf7FieldSchema.safeParse(item);
    if (!tag.success) continue;
    const field = toField(tag.data, content);
    if (!field || seen.has(field.name)) continue;
    seen.add(field.name);
    fields.push(field);
  }
  return { id: form.id, slug: form.slug, title: form.title, fields, messages: form.properties.messages };
}
