// The unsubscribe link's token: the subscriber's random id and an HMAC of it, under a key derived
// with HKDF (its own label) from ALERTS_LINK_SECRET, a secret of its own: rotating AUTH_SECRET
// signs readers out without touching the links already in inboxes, and ALERTS_LINK_SECRET itself
// rotates with a previous value, as the preview links' does (docs/operations.md).
// The token names a random id, never an address or an account: it says nothing about anyone.

import { fromBase64Url, toBase64Url } from '../../lib/base64url';

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']).then((base) =>
      crypto.subtle.deriveKey(
        { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: encoder.encode('ffr-presse/alertes/desabonnement') },
        base,
        { name: 'HMAC', hash: 'SHA-256', length: 256 },
        // Stryker disable next-line BooleanLiteral: the key never leaves this module; extractable or not, nothing exports it.
        false,
        ['sign', 'verify'],
      ),
    );
    keys.set(secret, key);
  }
  return key;
}

/** A subscriber id is 22 characters of base64url (16 random bytes); the signature 43. */
const TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export async function unsubscribeToken(secret: string, subscriberId: string): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await keyFor(secret), encoder.encode(subscriberId)));
  return `${subscriberId}.${toBase64Url(mac)}`;
}

/**
 * The subscriber id the token was made for, or null (malformed, or signed by none of `secrets`:
 * the current key, then the previous one during a rotation). Bounded before any work.
 */
export async function subscriberOf(secrets: (string | undefined)[], token: string | undefined): Promise<string | null> {
  // Stryker disable next-line StringLiteral: any text in place of '' fails TOKEN as an absent token does.
  const match = TOKEN.exec(token ?? '');
  if (!match) return null;
  const [, id, mac] = match as unknown as [string, string, string];
  const signature = fromBase64Url(mac, 43);
  // Stryker disable next-line ConditionalExpression: TOKEN already holds the mac to 43 base64url characters; kept for the types.
  if (!signature) return null;
  for (const secret of secrets) {
    // subtle.verify compares in constant time.
    if (secret && (await crypto.subtle.verify('HMAC', await keyFor(secret), signature, encoder.encode(id)))) return id;
  }
  return null;
}
