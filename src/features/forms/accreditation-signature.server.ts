// The site's signature on an accreditation request (issue 50). The journalist-only rule lives in
// the worker, but Contact Form 7's feedback route is public: the WordPress plugin
// (wordpress/ffr-presse-purge/includes/class-accreditation-guard.php) refuses a post to the six
// accreditation forms that does not carry
//
//   _ffr_signed_at = the signing time, Unix seconds
//   _ffr_signature = base64url, unpadded, of HMAC-SHA256(FORMS_SECRET,
//                    "ffr-presse:accreditation:{form slug}:{signed_at}" + "\n{value}" per identity field)
//
// The identity fields in this order, an absent one as the empty string. The worker sends no value
// with a line break in it (identityValues below), so no two identities share a message. WordPress
// takes a signing time within 5 minutes of its own clock, either side: a sending waits 60 s at most
// (CF7_TIMEOUT_MS).

import { toBase64Url } from '../../lib/base64url';
import type { FormValues } from './model';
import { IDENTITY_FIELDS } from './profile-values';

export const SIGNED_AT_FIELD = '_ffr_signed_at';
export const SIGNATURE_FIELD = '_ffr_signature';

const encoder = new TextEncoder();
const key = (secret: string) =>
  // Stryker disable next-line BooleanLiteral: the key never leaves this module; extractable or not, nothing exports it.
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);

const oneLine = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')).replace(/[\r\n]+/g, ' ').trim();

/** The identity values as sent and signed: one line each, '' where the profile has none. */
export function identityValues(values: FormValues): Record<(typeof IDENTITY_FIELDS)[number], string> {
  return Object.fromEntries(IDENTITY_FIELDS.map((name) => [name, oneLine(values[name])])) as Record<
    (typeof IDENTITY_FIELDS)[number],
    string
  >;
}

const message = (form: string, signedAt: number, identity: Record<string, string>) =>
  encoder.encode(`ffr-presse:accreditation:${form}:${signedAt}${IDENTITY_FIELDS.map((name) => `\n${identity[name] ?? ''}`).join('')}`);

export async function signAccreditation(secret: string, form: string, signedAt: number, identity: Record<string, string>): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await key(secret), message(form, signedAt, identity));
  return toBase64Url(new Uint8Array(mac));
}
