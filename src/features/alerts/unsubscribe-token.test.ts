import { createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { subscriberOf, unsubscribeToken } from './unsubscribe-token.server';

// The unsubscribe link's token in Node's own crypto, written again from its description: HKDF-SHA-256
// of ALERTS_LINK_SECRET (empty salt, info « ffr-presse/alertes/desabonnement », 32 bytes) as the
// HMAC-SHA256 key of the subscriber's id, base64url unpadded, after the id and a dot.
const SECRET = 'local-alerts-link-secret-0123456789abcdef';
const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const node = (secret: string, id: string) => {
  const key = Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), 'ffr-presse/alertes/desabonnement', 32));
  return `${id}.${createHmac('sha256', key).update(id).digest('base64url')}`;
};

describe('unsubscribe tokens', () => {
  it('are the id and an HMAC under a key derived from the secret, as written down', async () => {
    expect(await unsubscribeToken(SECRET, ID)).toBe(node(SECRET, ID));
    expect(await subscriberOf([SECRET], node(SECRET, ID))).toBe(ID);
  });

  it('name the subscriber under the current key or, during a rotation, the previous one; under no other', async () => {
    const previous = 'previous-alerts-link-secret-0123456789abc';
    const old = node(previous, ID);
    expect(await subscriberOf([SECRET], old)).toBeNull();
    expect(await subscriberOf([SECRET, previous], old)).toBe(ID);
    expect(await subscriberOf([undefined, previous], old)).toBe(ID);
    expect(await subscriberOf([SECRET, undefined], old)).toBeNull();
    // A key is the secret's own: the HMAC under the raw secret, not the derived key, is refused.
    expect(await subscriberOf([SECRET], `${ID}.${createHmac('sha256', SECRET).update(ID).digest('base64url')}`)).toBeNull();
  });

  it('derive the key once per secret in an isolate (HKDF is not redone for each link)', async () => {
    const derive = vi.spyOn(crypto.subtle, 'deriveKey');
    try {
      const secret = 'once-derived-alerts-link-secret-0123456789';
      await unsubscribeToken(secret, ID);
      await unsubscribeToken(secret, ID);
      await subscriberOf([secret], node(secret, ID));
      expect(derive).toHaveBeenCalledTimes(1);
    } finally {
      derive.mockRestore();
    }
  });

  it('refuses another id with the signature, a changed signature, and anything not shaped as a token', async () => {
    const token = node(SECRET, ID);
    const [, mac] = token.split('.') as [string, string];
    expect(await subscriberOf([SECRET], `BbCdEfGhIjKlMnOpQrStUv.${mac}`)).toBeNull();
    expect(await subscriberOf([SECRET], `${ID}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    for (const bad of [
      undefined,
      '',
      ID,
      `${ID}.`,
      `${ID}.${mac}=`,
      `${ID}.${mac}x`,
      ` ${token}`,
      `${token} `,
      `${ID.slice(1)}.${mac}`,
      `${ID}x.${mac}`,
      `${ID}.${mac.slice(1)}`,
      `${ID}+${mac}`,
      `${ID}.${mac.replace(/.$/, '+')}`,
      `x${token}`,
      `${token}\n`,
    ])
      expect(await subscriberOf([SECRET], bad), String(bad)).toBeNull();
  });
});
