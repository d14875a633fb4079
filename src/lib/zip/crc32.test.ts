import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32';

const bytes = (s: string) => new TextEncoder().encode(s);

/** Bit-by-bit reference, straight from the definition. */
function reference(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of data) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('CRC-32', () => {
  it('gives the published check values', () => {
    expect(crc32(bytes('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
    expect(crc32(bytes('The quick brown fox jumps over the lazy dog'))).toBe(0x414fa339);
    expect(crc32(bytes('Équipe de France'))).toBe(reference(bytes('Équipe de France')));
  });

  it('matches the bitwise definition for every length and alignment', () => {
    const data = new Uint8Array(300);
    for (let i = 0; i < data.length; i++) data[i] = (i * 151 + 17) & 0xff;
    for (let start = 0; start < 9; start++) {
      for (let len = 0; len < 100; len += 7) {
        const view = data.subarray(start, start + len);
        expect(crc32(view)).toBe(reference(view));
      }
    }
  });

  it('continues across chunks', () => {
    const whole = bytes('Fédération française de rugby — 123456789 — '.repeat(20));
    for (const cut of [0, 1, 7, 8, 9, 100, whole.length]) {
      expect(crc32(whole.subarray(cut), crc32(whole.subarray(0, cut)))).toBe(crc32(whole));
    }
  });
});
