import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../../app-env';
import type { FormModel, FormValues } from './model';

// A form post read with hard limits before any work is done on it: its bytes while they arrive
// (Hono's bodyLimit: a declared length is checked before reading, a chunked body is counted as it
// streams), then the number of fields, counted before parsing, then each field's number of values;
// parsed once, in one linear pass. A message is a few dozen fields; a checkbox list a few dozen
// choices: anything far beyond is refused, in French, without being parsed.

export const FORM_POST_LIMITS = {
  /** Every entry of the post, files included. */
  fields: 200,
  /** Values of one name (a checkbox list: the events of a season). */
  valuesPerField: 100,
  /** The text of a form without files. */
  textBytes: 256 * 1024,
  /** The whole post, files included: what Contact Form 7 would take at most anyway. */
  totalBytes: 12 * 1024 * 1024,
};
/** CF7's default file size when the tag sets no limit: (modules/file.php, 1 MB). */
const DEFAULT_FILE_BYTES = 1024 * 1024;

export class FormRequestError extends Error {
  constructor(
    readonly status: 400 | 404 | 413 | 415 | 503,
    message: string,
  ) {
    super(message);
  }
}

const TOO_LARGE = 'L’envoi dépasse la taille autorisée pour ce formulaire.';
const TOO_MANY = 'L’envoi contient trop de champs pour ce formulaire.';

/** The most a post of this form may weigh: its text, and each file field at its own limit. */
export function formBodyLimit(model: FormModel): number {
  const files = model.fields.filter((f) => f.kind === 'file').reduce((n, f) => n + (f.maxBytes ?? DEFAULT_FILE_BYTES), 0);
  return Math.min(FORM_POST_LIMITS.totalBytes, FORM_POST_LIMITS.textBytes + files);
}

/** The body's bytes, or FormRequestError 413 as soon as it is known to be longer than `maxBytes`. */
async function cappedBytes(c: Context<AppEnv>, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  let tooLarge = false;
  await bodyLimit({
    maxSize: maxBytes,
    onError: (ctx) => {
      tooLarge = true;
      return ctx.body(null, 413);
    },
  })(c, async () => undefined);
  if (tooLarge) throw new FormRequestError(413, TOO_LARGE);
  return new Uint8Array(await c.req.raw.arrayBuffer());
}

/** How many `byte`s `bytes` holds, stopping once past `max` (a count before any parsing). */
function countUpTo(bytes: Uint8Array, byte: number, max: number): number {
  let n = 0;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: stopping at max, past it or never decides alike (the count is compared with max); only how far the scan goes differs.
  for (let i = bytes.indexOf(byte); i !== -1 && n <= max; i = bytes.indexOf(byte, i + 1)) n++;
  return n;
}

/** The boundary of a multipart Content-Type (RFC 2046 §5.1.1: 1 to 70 characters, maybe quoted), or null. */
function multipartBoundary(type: string): string | null {
  const m = type.match(/;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

/** How many times `needle` occurs in `bytes`, stopping once past `max`. */
function countSequence(bytes: Uint8Array, needle: Uint8Array, max: number): number {
  let n = 0;
  // Stryker disable next-line ConditionalExpression: stopping past max or never decides alike (the count is compared with max).
  for (let i = bytes.indexOf(needle[0]!); i !== -1 && n <= max; i = bytes.indexOf(needle[0]!, i + 1)) {
    let j = 1;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: past the needle's end, needle[j] is undefined and no byte equals it: the loop stops there anyway.
    while (j < needle.length && bytes[i + j] === needle[j]) j++;
    if (j === needle.length) {
      n++;
      // Stryker disable next-line ArithmeticOperator: a delimiter is followed by CRLF or « -- »: skipping two bytes more never skips the next one.
      i += needle.length - 1;
    }
  }
  return n;
}

/** Reads a form post (multipart or urlencoded) into values and files, within FORM_POST_LIMITS. */
export async function readFormPost(c: Context<AppEnv>, model: FormModel): Promise<{ values: FormValues; files: Record<string, File[]> }> {
  // Stryker disable next-line StringLiteral: no type, or any text that is neither form type, is refused alike (415).
  const type = c.req.header('content-type') ?? '';
  const multipart = type.startsWith('multipart/form-data');
  if (!multipart && !type.startsWith('application/x-www-form-urlencoded')) {
    throw new FormRequestError(415, 'Le formulaire doit être envoyé en multipart/form-data ou application/x-www-form-urlencoded.');
  }
  const bytes = await cappedBytes(c, multipart ? formBodyLimit(model) : FORM_POST_LIMITS.textBytes);

  let entries: Iterable<[string, FormDataEntryValue]>;
  if (multipart) {
    // Its parts counted in the raw bytes first (each part opens with the boundary, RFC 7578 §4.1;
    // one more closes the body): 100 000 empty fields are refused after a scan, unparsed.
    const boundary = multipartBoundary(type);
    if (!boundary) throw new FormRequestError(415, 'Le corps de la requête n’est pas un formulaire lisible.');
    if (countSequence(bytes, new TextEncoder().encode(`--${boundary}`), FORM_POST_LIMITS.fields + 1) - 1 > FORM_POST_LIMITS.fields)
      throw new FormRequestError(400, TOO_MANY);
    // Then parsed by the runtime (native, linear) within the byte limit above; the fields are counted again as read.
    const data = await new Request('https://formulaire.invalid/', { method: 'POST', headers: { 'content-type': type }, body: bytes })
      .formData()
      .catch(() => {
        throw new FormRequestError(415, 'Le corps de la requête n’est pas un formulaire lisible.');
      });
    entries = data.entries();
  } else {
    // « a=1&b=2 »: one more field than separators, counted before parsing.
    if (countUpTo(bytes, 0x26 /* & */, FORM_POST_LIMITS.fields) + 1 > FORM_POST_LIMITS.fields) throw new FormRequestError(400, TOO_MANY);
    entries = new URLSearchParams(new TextDecoder().decode(bytes)).entries();
  }

  // Maps: a field may be called « __proto__ ».
  const lists = new Map<string, string[]>();
  const files = new Map<string, File[]>();
  let count = 0;
  for (const [rawName, value] of entries) {
    // Stryker disable next-line all: unreachable after the counts above (each part opens with the boundary, each pair but the last ends with &); kept should a parser ever read more entries than the bytes show.
    if (++count > FORM_POST_LIMITS.fields) throw new FormRequestError(400, TOO_MANY);
    const name = rawName.replace(/\[\]$/, '');
    if (typeof value === 'string') {
      const list = lists.get(name) ?? [];
      lists.set(name, list);
      if (list.push(value) > FORM_POST_LIMITS.valuesPerField) throw new FormRequestError(400, TOO_MANY);
    } else if (value.size > 0) {
      const list = files.get(name) ?? [];
      files.set(name, list);
      list.push(value);
    }
  }
  return {
    values: Object.fromEntries([...lists].map(([name, list]) => [name, list.length === 1 ? list[0]! : list])),
    files: Object.fromEntries(files),
  };
}
