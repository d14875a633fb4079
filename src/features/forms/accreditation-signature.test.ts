import { describe, expect, it } from 'vitest';
import { signedBySite } from '../../../dev/cf7/signature';
import { identityValues, SIGNATURE_FIELD, SIGNED_AT_FIELD, signAccreditation } from './accreditation-signature.server';

// What the worker signs, checked by the local Contact Form 7's guard (dev/cf7/signature.ts), which
// is written apart from it, from the federation plugin's description, with Node's crypto: the two
// agree, and the guard refuses any change to the form, the identity or the time. The plugin's PHP
// is checked against the same function in test/wordpress/accreditation-guard.test.ts.
const SECRET = 'local-forms-secret-0123456789abcdef01234567';
const FORM = 'accreditation-evenements-presse';
const NOW = 1_795_334_400;
const IDENTITY = { nom: 'Lefèvre', prenom: 'Camille', email: 'journaliste@example.fr', media: 'L’Équipe', 'carte-presse': '123456' };

async function posted(identity: Record<string, string>, { form = FORM, at = NOW, secret = SECRET } = {}) {
  const body = new FormData();
  for (const [k, v] of Object.entries(identity)) body.set(k, v);
  body.set(SIGNED_AT_FIELD, String(at));
  body.set(SIGNATURE_FIELD, await signAccreditation(secret, form, at, identityValues(identity)));
  return body;
}

describe('the accreditation signature', () => {
  it('is what the guard checks: the same form, identity and time within 5 minutes are taken', async () => {
    const body = await posted(IDENTITY);
    expect(signedBySite(SECRET, FORM, body, NOW * 1000)).toBe(true);
    expect(signedBySite(SECRET, FORM, body, (NOW + 300) * 1000)).toBe(true);
    expect(signedBySite(SECRET, FORM, body, (NOW - 300) * 1000)).toBe(true);
    expect(String(body.get(SIGNATURE_FIELD))).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('covers each identity field, the form, the time and the key', async () => {
    const body = await posted(IDENTITY);
    for (const name of Object.keys(IDENTITY)) {
      const changed = await posted(IDENTITY);
      changed.set(name, `${IDENTITY[name as keyof typeof IDENTITY]}x`);
      expect(signedBySite(SECRET, FORM, changed, NOW * 1000), name).toBe(false);
    }
    expect(signedBySite(SECRET, 'evenements-presse', body, NOW * 1000)).toBe(false);
    expect(signedBySite(SECRET, FORM, body, (NOW + 301) * 1000)).toBe(false);
    expect(signedBySite(SECRET, FORM, body, (NOW - 301) * 1000)).toBe(false);
    expect(signedBySite(SECRET, FORM, await posted(IDENTITY, { secret: `${SECRET}x` }), NOW * 1000)).toBe(false);
    const later = await posted(IDENTITY);
    later.set(SIGNED_AT_FIELD, String(NOW + 1));
    expect(signedBySite(SECRET, FORM, later, NOW * 1000)).toBe(false);
  });

  it('signs an absent field as empty, in the fields’ order, so that no value moves to another', async () => {
    const { 'carte-presse': _none, ...partial } = IDENTITY;
    expect(await signAccreditation(SECRET, FORM, NOW, partial)).toBe(
      await signAccreditation(SECRET, FORM, NOW, { ...partial, 'carte-presse': '' }),
    );
    const { 'carte-presse': _card, ...withoutCard } = IDENTITY;
    expect(signedBySite(SECRET, FORM, await posted(withoutCard), NOW * 1000)).toBe(true);
    // The values shifted one field along cannot reuse a signature.
    const shifted = await posted({ ...IDENTITY, nom: '', prenom: IDENTITY.nom });
    shifted.set('nom', IDENTITY.nom);
    shifted.set('prenom', '');
    expect(signedBySite(SECRET, FORM, shifted, NOW * 1000)).toBe(false);
  });

  it('sends each value on one line, trimmed: a line break cannot make two identities share a message', () => {
    expect(
      identityValues({ nom: ' Lefèvre\r\nCamille ', prenom: ['Camille', 'x'], email: undefined as unknown as string, media: [] }),
    ).toEqual({
      nom: 'Lefèvre Camille',
      prenom: 'Camille',
      email: '',
      media: '',
      'carte-presse': '',
    });
  });
});
