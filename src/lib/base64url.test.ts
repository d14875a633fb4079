import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from './base64url';

describe('base64url', () => {
  it('writes RFC 4648 §5 without padding, as Node writes it', () => {
    for (const size of [0, 1, 2, 3, 16, 31, 32]) {
      const bytes = Uint8Array.from({ length: size }, (_, i) => (i * 97 + 251) % 256);
      expect(toBase64Url(bytes), `${size} bytes`).toBe(Buffer.from(bytes).toString('base64url'));
    }
    expect(toBase64Url(Uint8Array.of(0xfb, 0xff, 0xbf))).toBe('-_-_');
    expect(toBase64Url(new Uint8Array(16))).toBe('A'.repeat(22)); // an alerts id: 22 characters, no '='
  });

  it('reads back exactly the length asked, in its alphabet only, before decoding anything', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => i * 7);
    const text = toBase64Url(bytes);
    expect(text).toHaveLength(43);
    expect(fromBase64Url(text, 43)).toEqual(bytes);
    for (const bad of [
      `${text}=`,
      text.slice(1),
      `${text}A`,
      `${text.slice(0, 42)}+`,
      `${text.slice(0, 42)}/`,
      ` ${text.slice(1)}`,
      `${text.slice(0, 20)}\t${text.slice(21)}`,
    ])
      expect(fromBase64Url(bad, 43), JSON.stringify(bad)).toBeNull();
    // A longer text is refused unread, whatever it would decode to.
    expect(fromBase64Url('A'.repeat(44), 43)).toBeNull();
    expect(fromBase64Url('A'.repeat(100_000), 43)).toBeNull();
  });
});
