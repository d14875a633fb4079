// The unsubscribe link's token: the subscriber's random id and an HMAC of it. The key is derived
// from AUTH_SECRET with HKDF under its own label (RFC 5869 §3.2: one secret, independent keys per
// use), so it signs nothing else and needs no secret of its own; rotating AUTH_SECRET retires the
// links of older mails, whose page then points to the press space (docs/alerts.md).
// The token names a random id, never an address or an account: it says nothing about anyone.

import { fromBase64Url, toBase64Url } from '../../lib/base64url';

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey'])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: encoder.encode('ffr-presse/alertes/desabonnement') },
          base,
          { name: 'HMAC', hash: 'SHA-256', length: 256 },
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

/** The subscriber id the token was made for, or null (malformed, or not signed by us). Bounded before any work. */
export async function subscriberOf(secret: string, token: string | undefined): Promise<string | null> {
  const match = TOKEN.exec(token ?? '');
  if (!match) return null;
  const [, id, mac] = match as unknown as [string, string, string];
  const signature = fromBase64Url(mac, 43);
  if (!signature) return null;
  // subtle.verify compares in constant time.
  return (await crypto.subtle.verify('HMAC', await keyFor(secret), signature, encoder.encode(id))) ? id : null;
}
