import type { Cf7Form } from '../content/types';
import { dataOptions, hasOption, limitOption, maxLengthOption, minLengthOption, option, type FormTag } from './form-tags';

// Contact Form 7's validation of a submission, in our words: the SWV rules its modules add per tag
// (includes/swv/, modules/text.php, textarea.php, select.php, checkbox.php, file.php), the
// acceptance filter (modules/acceptance.php) and the order in which WPCF7_Submission::proceed
// (includes/submission.php) turns them into a status. Rules read the raw posted values, so a piped
// choice is checked against its before-pipe part.

export type InvalidField = { field: string; message: string; idref: string | null; error_id: string };
export type Posted = { strings: (name: string) => string[]; files: (name: string) => File[] | null };

/** CF7's own texts where the form's messages have no key (untranslated on this install). */
export const UNDEFINED_VALUE = 'Undefined value was submitted through this field.';
const TOO_MANY_ITEMS = 'Too many items are selected.';

/** WordPress's is_email (wp-includes/formatting.php), step by step. */
export function isEmail(email: string): boolean {
  if (email.length < 6) return false;
  const at = email.indexOf('@', 1);
  if (at < 0) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!/^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local)) return false;
  if (/\.{2,}/.test(domain)) return false;
  if (domain.replace(/^[ \t\n\r\0\x0B.]+|[ \t\n\r\0\x0B.]+$/g, '') !== domain) return false;
  const subs = domain.split('.');
  if (subs.length < 2) return false;
  return subs.every((sub) => {
    const trimmed = sub.replace(/^[ \t\n\r\0\x0B-]+|[ \t\n\r\0\x0B-]+$/g, '');
    return trimmed === sub && /^[a-z0-9-]+$/i.test(sub);
  });
}

/** wpcf7_is_tel (includes/validation-functions.php, 6.0.5 and later). */
export function isTel(value: string): boolean {
  let text = value.replace(/[#*].*$/, '').replace(/[()/.*#\s-]+/g, '');
  if (text.startsWith('+') || text.startsWith('00')) text = `+${text.replace(/^[+0]+/, '')}`;
  return /^[+]?[0-9]+$/.test(text) && text.length > 5 && text.length < 16;
}

/** wpcf7_is_url: a scheme WordPress allows, then something after it. */
export function isUrl(value: string): boolean {
  const m = /^([a-z][a-z0-9+.-]*):(.+)$/i.exec(value);
  const allowed = [
    'http',
    'https',
    'ftp',
    'ftps',
    'mailto',
    'news',
    'irc',
    'irc6',
    'ircs',
    'gopher',
    'nntp',
    'feed',
    'telnet',
    'mms',
    'rtsp',
    'sms',
    'svn',
    'tel',
    'fax',
    'xmpp',
    'webcal',
    'urn',
  ];
  return m !== null && allowed.includes(m[1]!.toLowerCase());
}

/** wp_get_mime_types (wp-includes/functions.php): the extensions of image/*, audio/* and video/*. */
const MEDIA_EXTENSIONS = [
  'jpg',
  'jpeg',
  'jpe',
  'gif',
  'png',
  'bmp',
  'tiff',
  'tif',
  'webp',
  'avif',
  'ico',
  'heic',
  'heif',
  'mp3',
  'm4a',
  'm4b',
  'aac',
  'ra',
  'ram',
  'wav',
  'ogg',
  'oga',
  'flac',
  'mid',
  'midi',
  'wma',
  'wax',
  'mka',
  'asf',
  'asx',
  'wmv',
  'wmx',
  'wm',
  'avi',
  'divx',
  'flv',
  'mov',
  'qt',
  'mpeg',
  'mpg',
  'mpe',
  'mp4',
  'm4v',
  'ogv',
  'webm',
  'mkv',
  '3gp',
  '3gpp',
  '3g2',
  '3gp2',
];

/** wpcf7_acceptable_filetypes: without filetypes:, audio/*, video/* and image/*. */
export function acceptedExtensions(tag: FormTag): string[] {
  const raw = option(tag, 'filetypes');
  if (!raw) return MEDIA_EXTENSIONS;
  return raw
    .toLowerCase()
    .split(/[\s|,]+/)
    .map((t) => t.replace(/^\./, ''))
    .filter(Boolean);
}

const codeUnits = (values: string[]) => values.reduce((n, v) => n + v.length, 0);
/** html_entity_decode for the values a data: filter answers (titles with &#8217; and the like). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (whole, code: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
    if (code[0] !== '#') return named[code.toLowerCase()] ?? whole;
    const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
    return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
  });
}

export type ValidationContext = {
  form: Cf7Form;
  tags: FormTag[];
  posted: Posted;
  unitTag: string;
  /** The wpcf7_form_tag_data_option filter: values for a tag's data: options, or null. */
  dataOption: (options: string[]) => string[] | null;
};

/** The accepted values of a choice tag: its befores, plus data: values, decoded, unique, non-empty. */
export function enumValues(tag: FormTag, dataOption: ValidationContext['dataOption']): string[] {
  let values = [...tag.values, ...(dataOption(dataOptions(tag)) ?? [])];
  if (tag.basetype === 'select' && hasOption(tag, 'first_as_label')) values = values.slice(1);
  return [...new Set(values.map(decodeEntities))].filter((v) => v !== '');
}

/** The text phase (SWV with text: true): the first failing rule of each field wins. */
export function validateText(ctx: ValidationContext): InvalidField[] {
  const messages = ctx.form.properties.messages;
  const invalid: InvalidField[] = [];
  const fail = (tag: FormTag, message: string) => {
    if (!invalid.some((f) => f.field === tag.name))
      invalid.push({ field: tag.name, message, idref: option(tag, 'id') ?? null, error_id: `${ctx.unitTag}-ve-${tag.name}` });
  };
  const msg = (key: string) => messages[key] ?? key;
  const freeText = new Set(ctx.tags.filter((t) => hasOption(t, 'free_text')).map((t) => t.name));

  for (const tag of ctx.tags) {
    if (!tag.name || tag.basetype === 'file' || tag.basetype === 'acceptance' || tag.basetype === 'submit' || tag.basetype === 'hidden')
      continue;
    const input = ctx.posted
      .strings(tag.name)
      .map((v) => v.trim())
      .filter((v) => v !== '');
    const required = tag.type.endsWith('*') || tag.type === 'radio';
    if (required && input.length === 0) {
      fail(tag, msg('invalid_required'));
      continue;
    }
    if (input.length === 0) continue;
    switch (tag.basetype) {
      case 'email':
        if (!input.every(isEmail)) fail(tag, msg('invalid_email'));
        break;
      case 'url':
        if (!input.every(isUrl)) fail(tag, msg('invalid_url'));
        break;
      case 'tel':
        if (!input.every(isTel)) fail(tag, msg('invalid_tel'));
        break;
      case 'number':
      case 'range':
        if (!input.every((v) => /^[-]?[0-9]*[.]?[0-9]+$/.test(v))) fail(tag, msg('invalid_number'));
        break;
      case 'date':
        if (!input.every((v) => /^[0-9]{4,}-[0-9]{2}-[0-9]{2}$/.test(v))) fail(tag, msg('invalid_date'));
        break;
      case 'radio':
        if (input.length > 1) fail(tag, TOO_MANY_ITEMS);
        break;
      case 'checkbox':
        if (hasOption(tag, 'exclusive') && input.length > 1) fail(tag, TOO_MANY_ITEMS);
        break;
    }
    if (['text', 'email', 'url', 'tel', 'textarea'].includes(tag.basetype)) {
      const min = minLengthOption(tag);
      if (min !== undefined && codeUnits(input) < min) fail(tag, msg('invalid_too_short'));
      if (codeUnits(input) > maxLengthOption(tag)) fail(tag, msg('invalid_too_long'));
    }
    if (['select', 'checkbox', 'radio'].includes(tag.basetype) && !freeText.has(tag.name)) {
      const accepted = enumValues(tag, ctx.dataOption);
      if (input.some((v) => !accepted.includes(v.replace(/\r\n?/g, '\n')))) fail(tag, UNDEFINED_VALUE);
    }
  }
  return invalid;
}

/** modules/acceptance.php: a box that must be ticked and is not (or the reverse with invert). */
export function acceptanceMissing(ctx: ValidationContext): FormTag[] {
  return ctx.tags.filter((tag) => {
    if (tag.basetype !== 'acceptance' || hasOption(tag, 'optional')) return false;
    const ticked = ctx.posted.strings(tag.name).some((v) => v.trim() !== '');
    return hasOption(tag, 'invert') ? ticked : !ticked;
  });
}

/** The file phase, after acceptance and spam in 6.1 (wpcf7_unship_uploaded_file). */
export function validateFiles(ctx: ValidationContext): InvalidField[] {
  const messages = ctx.form.properties.messages;
  const invalid: InvalidField[] = [];
  for (const tag of ctx.tags) {
    if (tag.basetype !== 'file' || !tag.name) continue;
    const files = ctx.posted.files(tag.name);
    if (files === null) continue; // no part at all: 6.1.6 skips the field (empty($_FILES[name]))
    const present = files.filter((f) => f.name !== '' || f.size > 0);
    const fail = (key: string) =>
      invalid.push({
        field: tag.name,
        message: messages[key] ?? key,
        idref: option(tag, 'id') ?? null,
        error_id: `${ctx.unitTag}-ve-${tag.name}`,
      });
    if (tag.type.endsWith('*') && present.length === 0) fail('invalid_required');
    else if (present.some((f) => !acceptedExtensions(tag).includes(/\.([^.]+)$/.exec(f.name)?.[1]?.toLowerCase() ?? '\0')))
      fail('upload_file_type_invalid');
    else if (present.reduce((n, f) => n + f.size, 0) > limitOption(tag)) fail('upload_file_too_large');
  }
  return invalid;
}

/** `name: value` lines of the additional settings; on/true/1 are true (WPCF7_ContactForm::is_true). */
export function settingIsTrue(form: Cf7Form, name: string): boolean {
  for (const line of form.properties.additional_settings.split('\n')) {
    const m = /^([a-zA-Z0-9_]+)[\t ]*:(.*)$/.exec(line.trim());
    if (m && m[1] === name) return ['on', 'true', '1'].includes(m[2]!.trim());
  }
  return false;
}
