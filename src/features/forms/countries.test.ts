import { describe, expect, it } from 'vitest';
import { countryByIso2, EUROPEAN_COUNTRIES, PRESS_COUNTRIES } from './countries';

describe('PRESS_COUNTRIES', () => {
  it('lists every region libphonenumber knows', () => {
    expect(PRESS_COUNTRIES.length).toBeGreaterThanOrEqual(240);
    expect(PRESS_COUNTRIES.length).toBeLessThanOrEqual(260);
  });

  it('has unique, well-formed codes', () => {
    const iso2 = PRESS_COUNTRIES.map((c) => c.iso2_cc);
    expect(new Set(iso2).size).toBe(iso2.length);
    for (const c of PRESS_COUNTRIES) {
      expect(c.iso2_cc).toMatch(/^[A-Z]{2}$/);
      expect(c.e164_cc).toMatch(/^[1-9]\d{0,2}$/);
      expect(c.display_name.trim()).toBe(c.display_name);
      expect(c.display_name).not.toBe(c.iso2_cc);
    }
  });

  it('knows the dialling codes', () => {
    expect(countryByIso2('FR')).toEqual({ e164_cc: '33', iso2_cc: 'FR', display_name: 'France' });
    expect(countryByIso2('gb')?.e164_cc).toBe('44');
    expect(countryByIso2('NZ')?.e164_cc).toBe('64');
    expect(countryByIso2('GP')?.e164_cc).toBe('590');
  });

  it('names countries in French, accents included', () => {
    const names = PRESS_COUNTRIES.map((c) => c.display_name);
    expect(names).toContain('Allemagne');
    expect(names).toContain('Émirats arabes unis');
    expect(names).toContain('Royaume-Uni');
    expect(names).toContain('Géorgie');
    expect(countryByIso2('ZA')?.display_name).toBe('Afrique du Sud');
  });

  it('sorts with French collation (É with the E, not after Z)', () => {
    const names = PRESS_COUNTRIES.map((c) => c.display_name);
    expect(names).toEqual([...names].sort(new Intl.Collator('fr', { sensitivity: 'base' }).compare));
    expect(names.indexOf('Émirats arabes unis')).toBeLessThan(names.indexOf('Espagne'));
    expect(names.indexOf('Égypte')).toBeGreaterThan(names.indexOf('Danemark'));
  });
});

describe('EUROPEAN_COUNTRIES', () => {
  it('puts France first and holds the short list', () => {
    expect(EUROPEAN_COUNTRIES[0]).toEqual({ e164_cc: '33', iso2_cc: 'FR', display_name: 'France' });
    const iso2 = EUROPEAN_COUNTRIES.map((c) => c.iso2_cc);
    for (const code of ['DE', 'BE', 'GB', 'ES', 'IT', 'CH', 'LU', 'MC', 'NL', 'PT', 'IE', 'AD']) expect(iso2).toContain(code);
    expect(new Set(iso2).size).toBe(iso2.length);
    expect(EUROPEAN_COUNTRIES.length).toBeLessThan(40);
  });

  it('takes its entries from the press list', () => {
    for (const c of EUROPEAN_COUNTRIES) expect(PRESS_COUNTRIES).toContainEqual(c);
  });
});
