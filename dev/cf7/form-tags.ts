// Contact Form 7's form-tag scanner, in our words, so that the emulator sees a form exactly as the
// plugin does. Sources (rocklobster-in/contact-form-7, 6.1): includes/form-tags-manager.php
// (tag regex, scan_callback, parse_atts), includes/form-tag.php (options), includes/pipe.php.

/** A scanned tag, with the keys CF7's REST API exposes (includes/rest-api.php, get_properties). */
export type FormTag = {
  type: string;
  basetype: string;
  name: string;
  options: string[];
  raw_values: string[];
  labels: string[];
  values: string[];
  /** [before, after] per value: the before is shown and posted, the after goes into the mail. */
  pipes: Array<[string, string]>;
  content: string;
};

// Only registered tag types are scanned (modules/*.php wpcf7_add_form_tag): there is no `radio*`,
// so `[radio* …]` is left as plain text in the form and in the mail.
const REGISTERED = [
  'text',
  'text*',
  'email',
  'email*',
  'url',
  'url*',
  'tel',
  'tel*',
  'number',
  'number*',
  'range',
  'range*',
  'date',
  'date*',
  'textarea',
  'textarea*',
  'select',
  'select*',
  'checkbox',
  'checkbox*',
  'radio',
  'acceptance',
  'file',
  'file*',
  'quiz',
  'hidden',
  'submit',
] as const;
const NAMELESS = new Set(['submit']);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Longest first, so that "text*" is tried before "text"; after the type comes whitespace or "]".
const TYPES = [...REGISTERED]
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .join('|');
const TAG = new RegExp(`(\\[?)\\[(${TYPES})(?:[\\r\\n\\t ](.*?))?(?:[\\r\\n\\t ](\\/))?\\](?:([^[]*?)\\[\\/\\2\\])?(\\]?)`, 'g');

/** includes/validation-functions.php, wpcf7_is_name. */
const NAME = /^[A-Za-z][-A-Za-z0-9_:.]*$/;

/** parse_atts: options (a restricted alphabet) first, then quoted values; anything else is no attributes. */
function parseAtts(text: string): { options: string[]; values: string[] } | null {
  const m = /^([-+*=0-9a-zA-Z:.!?#$&@_/|%\r\n\t ]*?)((?:[\r\n\t ]*"[^"]*"|[\r\n\t ]*'[^']*')*)$/.exec(text);
  if (!m) return null;
  const options = m[1]!.trim() ? m[1]!.trim().split(/[\r\n\t ]+/) : [];
  const values = (m[2]!.match(/"[^"]*"|'[^']*'/g) ?? []).map((v) => v.slice(1, -1));
  return { options, values };
}

/** includes/pipe.php: split on the first "|", both sides trimmed; no pipe means before = after. */
function pipe(raw: string): [string, string] {
  const i = raw.indexOf('|');
  return i < 0 ? [raw, raw] : [raw.slice(0, i).trim(), raw.slice(i + 1).trim()];
}

export function scanFormTags(markup: string): FormTag[] {
  const tags: FormTag[] = [];
  for (const m of markup.matchAll(TAG)) {
    if (m[1] === '[' && m[6] === ']') continue; // [[tag]] is an escaped tag, shown as text
    const type = m[2]!;
    const basetype = type.replace(/\*$/, '');
    const atts = parseAtts((m[3] ?? '').trim()) ?? { options: [], values: [] };
    let name = '';
    if (!NAMELESS.has(basetype)) {
      const raw = atts.options.shift() ?? '';
      if (!NAME.test(raw)) continue; // a tag without a valid name stays as text
      name = raw.replaceAll('.', '_');
    }
    const pipes = atts.values.map(pipe);
    const befores = pipes.map(([before]) => before.trim());
    tags.push({
      type,
      basetype,
      name,
      options: atts.options,
      raw_values: atts.values,
      labels: befores,
      values: [...befores],
      pipes,
      content: (m[5] ?? '').trim(),
    });
  }
  return tags;
}

/** `key:value` option (includes/form-tag.php get_option), the first one. */
export function option(tag: FormTag, key: string): string | undefined {
  const prefix = `${key}:`;
  return tag.options.find((o) => o.toLowerCase().startsWith(prefix))?.slice(prefix.length);
}

export const hasOption = (tag: FormTag, key: string) => tag.options.includes(key);

/** Every `data:` option's value: what the wpcf7_form_tag_data_option filter is asked for. */
export const dataOptions = (tag: FormTag): string[] =>
  tag.options.filter((o) => o.toLowerCase().startsWith('data:')).map((o) => o.slice(5));

/** get_limit_option: whole bytes, kb or mb; anything else (limit:0, limit:1.5mb) means the 1 MB default. */
export function limitOption(tag: FormTag): number {
  const MB = 1024 * 1024;
  for (const o of tag.options) {
    const m = /^limit:([1-9][0-9]*)([kKmM]?[bB])?$/.exec(o);
    if (!m) continue;
    const unit = (m[2] ?? '').toLowerCase();
    return Number(m[1]) * (unit === 'mb' ? MB : unit === 'kb' ? 1024 : 1);
  }
  return MB;
}

/** get_maxlength_option / get_minlength_option, with the defaults modules/text.php and textarea.php give. */
export function maxLengthOption(tag: FormTag): number {
  const n = Number(option(tag, 'maxlength'));
  if (Number.isInteger(n) && n > 0) return n;
  return tag.basetype === 'textarea' ? 2000 : 400;
}
export function minLengthOption(tag: FormTag): number | undefined {
  const n = Number(option(tag, 'minlength'));
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
