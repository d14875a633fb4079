import { describe, expect, it } from 'vitest';
import { displayPhone, telHref } from './phone';

describe('phone numbers', () => {
  it('group a French number by two, never breaking it', () => {
    expect(displayPhone('0612345678')).toBe('06\u00a012\u00a034\u00a056\u00a078');
    expect(displayPhone('06.12.34.56.78')).toBe('06\u00a012\u00a034\u00a056\u00a078');
    expect(displayPhone('+33612345678')).toBe('+33\u00a06\u00a012\u00a034\u00a056\u00a078');
    expect(displayPhone(' +44 20 7946 0000 ')).toBe('+44\u00a020\u00a07946\u00a00000');
  });
  it('dial what a dialler reads', () => {
    expect(telHref('01 53 21 15 15')).toBe('tel:0153211515');
    expect(telHref('+33 6 12 34 56 78')).toBe('tel:+33612345678');
  });
});
