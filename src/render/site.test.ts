import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../schemas/settings';
import { pageTitle } from './site';

const settings = { ...DEFAULT_SETTINGS, title: 'FFR Presse' };

describe('pageTitle', () => {
  it('puts one separator between the page and the site, whatever WordPress wrote', () => {
    expect(pageTitle('Contacts presse', settings)).toBe('Contacts presse — FFR Presse');
    expect(pageTitle('Contacts presse | FFR Presse', settings)).toBe('Contacts presse — FFR Presse');
    expect(pageTitle('Le XV de France s’incline (10-13) – FFR Presse', settings)).toBe('Le XV de France s’incline (10-13) — FFR Presse');
    expect(pageTitle('FFR Presse – La salle de presse', settings, { siteFirst: true })).toBe('FFR Presse — La salle de presse');
    expect(pageTitle('', settings)).toBe('FFR Presse');
  });
});
