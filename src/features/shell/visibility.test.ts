import { describe, expect, it } from 'vitest';
import { shellVisibility } from './visibility';

describe('shell visibility', () => {
  it('shows everything on ordinary pages', () => {
    expect(shellVisibility('/')).toEqual({ topBar: true, header: true, partners: true, footer: true, accreditationBanner: true });
    expect(shellVisibility('/categories/xv-de-france')).toMatchObject({ partners: true, accreditationBanner: true });
  });
  it('hides the accreditation banner on accreditation pages and on the 404 page', () => {
    expect(shellVisibility('/accreditations').accreditationBanner).toBe(false);
    expect(shellVisibility('/accreditations/').accreditationBanner).toBe(false);
    expect(shellVisibility('/accreditations/rencontres-internationales').accreditationBanner).toBe(false);
    expect(shellVisibility('/accreditations-bis').accreditationBanner).toBe(true);
    expect(shellVisibility('/n-importe-quoi', { notFound: true }).accreditationBanner).toBe(false);
    for (const path of ['/connexion', '/connexion/erreur', '/deconnexion'])
      expect(shellVisibility(path).accreditationBanner, path).toBe(false);
  });
  it('hides the partners strip in the press space and in previews, never the footer and its legal links', () => {
    expect(shellVisibility('/espace-presse')).toMatchObject({ partners: false, footer: true, header: true, accreditationBanner: false });
    expect(shellVisibility('/categories/preview/post')).toMatchObject({ partners: false, footer: true });
    expect(shellVisibility('/embargo/40123')).toMatchObject({ partners: false, footer: true });
  });
  it('hides the top bar and header for app pages', () => {
    expect(shellVisibility('/app/actualites')).toMatchObject({ topBar: false, header: false, footer: true });
    expect(shellVisibility('/application')).toMatchObject({ topBar: true, header: true });
  });
});
