// Links to an unpublished post, made by the federation's WordPress (the plugin's
// includes/class-preview-links.php: « Aperçu » for editors, embargo links the press office shares)
// with the secret the worker shares, PREVIEW_SECRET:
//   sig = base64url, unpadded, of HMAC-SHA256(secret, "ffr-presse:{purpose}:{post id}:{exp}")
// where exp is the link's end, in unix seconds. Without a valid signature the site knows nothing of
// the post: guessing ids leads nowhere.

import { fromBase64Url, toBase64Url } from '../../lib/base64url';

export type PreviewPurpose = 'apercu' | 'embargo';
export type LinkCheck = 'valid' | 'expired' | 'invalid';

/** No link the plugin makes lives longer than this (embargo links: 30 days at most). */
export const MAX_LINK_LIFETIME_SECONDS = 31 * 24 * 3600;

const encoder = new TextEncoder();
const message = (purpose: PreviewPurpose, id: number, exp: number) => encoder.encode(`ffr-presse:${purpose}:${id}:${exp}`);
const hmacKey = (secret: string, usage: 'sign' | 'verify') =>
  // Stryker disable next-line BooleanLiteral: the key never leaves this module; extractable or not, nothing exports it.
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);

/** What the plugin computes (and the local upstream, to stand in for it). */
export async function signPreviewLink(secret: string, purpose: PreviewPurpose, id: number, exp: number): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), message(purpose, id, exp));
  return toBase64Url(new Uint8Array(signature));
}

/**
 * Whether a link's parameters were signed for this purpose and post, and are still within their
 * time. Anything malformed, or ending further ahead than any link the plugin makes, is invalid.
 */
export async function checkPreviewLink(
  secret: string,
  purpose: PreviewPurpose,
  link: { id: number; exp: string | undefined; sig: string | undefined },
  nowSeconds: number,
): Promise<LinkCheck> {
  if (!link.exp || !/^\d{1,12}$/.test(link.exp) || !link.sig) return 'invalid';
  const exp = Number(link.exp);
  if (exp > nowSeconds + MAX_LINK_LIFETIME_SECONDS) return 'invalid';
  const signature = fromBase64Url(link.sig, 43); // 32 bytes, unpadded
  if (!signature) return 'invalid';
  // subtle.verify compares in constant time.
  const valid = await crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), signature, message(purpose, link.id, exp));
  if (!valid) return 'invalid';
  return exp > nowSeconds ? 'valid' : 'expired';
}
