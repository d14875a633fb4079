import { describe, expect, it } from 'vitest';
import { formForApi } from '../../../dev/cf7/rest';
import { generateContent } from '../../../dev/content/generate';
import { toFormModel } from './from-cf7';
import type { FormField, FormModel, FormValues } from './model';
import { cleanValue, validateForm, type UploadedFile } from './validation';
import { TEST_NOW } from '../../../test/support/clock';

const content = generateContent({ baseUrl: 'http://127.0.0.1:8788', now: new Date(TEST_NOW) });
const seeded = (slug: string): FormModel => toFormModel(formForApi(content.forms.find((f) => f.slug === slug)!))!;

const one = (field: Partial<FormField> & Pick<FormField, 'name' | 'kind'>): FormModel => ({
  id: 1,
  slug: 'test',
  title: 'Test',
  messages: {},
  fields: [{ required: false, label: field.name, options: [], ...field }],
});
const check = (model: FormModel, values: FormValues, files: Record<string, UploadedFile[]> = {}, choices?: Record<string, string[]>) =>
  validateForm(model, { values, files, choices });
const errorOf = (model: FormModel, values: FormValues, files: Record<string, UploadedFile[]> = {}) => {
  const r = check(model, values, files);
  return r.ok ? undefined : r.errors[model.fields[0]!.name];
};

const validContact: FormValues = {
  civilite: 'Madame',
  nom: 'Lefèvre',
  prenom: 'Camille',
  email: 'camille.lefevre@example.fr',
  indicatif: '+33',
  telephone: '06 12 34 56 78',
  media: 'L’Équipe',
  sujet: 'Événements',
  'type-demande': 'Interview',
  'deja-accredite': 'Oui',
  message: 'Bonjour, je souhaiterais une interview du sélectionneur.',
  rgpd: '1',
};

describe('validateForm on the seeded contact form', () => {
  const model = seeded('contactez-nous');

  it('accepts a complete submission and returns only the form’s fields', () => {
    const r = check(model, { ...validContact, intrus: 'x', _wpcf7: '999', site_web: '' });
    expect(r.ok).toBe(true);
    expect(Object.keys(r.values).sort()).toEqual(Object.keys(validContact).sort());
  });

  it('gives one French message per invalid field and keeps what was typed', () => {
    const r = check(model, { ...validContact, nom: '  ', email: 'camille@', message: 'Court', rgpd: '', sujet: 'Autre chose' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({
      nom: 'Veuillez renseigner ce champ.',
      email: 'Veuillez saisir une adresse e-mail valide.',
      message: 'Ce champ doit contenir au moins 10 caractères.',
      rgpd: 'Vous devez accepter pour continuer.',
      sujet: 'Choix invalide.',
    });
    expect(r.values).toMatchObject({
      nom: '',
      email: 'camille@',
      message: 'Court',
      sujet: 'Autre chose',
      prenom: 'Camille',
      media: 'L’Équipe',
    });
  });

  it('leaves optional fields empty without complaint', () => {
    const r = check(model, { ...validContact, civilite: '', telephone: '', media: '', indicatif: '' });
    expect(r).toMatchObject({ ok: true });
  });

  it('requires every required field when nothing is sent', () => {
    const r = check(model, {});
    expect(r.ok).toBe(false);
    if (r.ok) return;
    // Every radio is required in CF7 (there is no radio*).
    expect(Object.keys(r.errors).sort()).toEqual(['deja-accredite', 'email', 'message', 'nom', 'prenom', 'rgpd', 'sujet', 'type-demande']);
    expect(r.errors['type-demande']).toBe('Veuillez renseigner ce champ.');
    expect(r.values.nom).toBe('');
  });
});

describe('validateForm on the seeded accreditation forms', () => {
  const titles = content.events.slice(0, 2).map((e) => e.title);
  const valid: FormValues = {
    nom: 'Lefèvre',
    prenom: 'Camille',
    email: 'journaliste@example.fr',
    telephone: '+33 6 12 34 56 78',
    media: 'L’Équipe',
    fonction: "Chef d'édition",
    'accreditation-event-title': titles,
    rgpd: 'on',
  };

  it('accepts event titles (options come from the events, not CF7)', () => {
    const r = check(seeded('evenements-presse'), valid);
    expect(r).toMatchObject({ ok: true, values: { 'accreditation-event-title': titles, fonction: "Chef d'édition" } });
  });

  it('refuses a title that is not among the run-time choices (the events still open)', () => {
    const model = seeded('evenements-presse');
    expect(check(model, valid, {}, { 'accreditation-event-title': titles }).ok).toBe(true);
    const r = check(model, valid, {}, { 'accreditation-event-title': titles.slice(0, 1) });
    expect(r.ok ? null : r.errors['accreditation-event-title']).toBe('Choix invalide.');
  });

  it('takes a single checkbox value as a list, and requires one', () => {
    const model = seeded('evenements-presse');
    expect(check(model, { ...valid, 'accreditation-event-title': titles[0]! }).values['accreditation-event-title']).toEqual([titles[0]]);
    const r = check(model, { ...valid, 'accreditation-event-title': ['', ' '] });
    expect(r.ok ? null : r.errors['accreditation-event-title']).toBe('Veuillez renseigner ce champ.');
  });

  it('checks the job title and the press card length', () => {
    const r = check(seeded('evenements-presse'), { ...valid, fonction: 'Astronaute', 'carte-presse': '12345678901' });
    expect(r.ok ? null : r.errors).toEqual({
      fonction: 'Choix invalide.',
      'carte-presse': 'Ce champ doit contenir au plus 10 caractères.',
    });
  });

  it('requires the proof file, within its limit:5mb, as PDF or image', () => {
    const model = seeded('media-francais-sans-carte');
    const pdf = { name: 'attestation.pdf', size: 200_000, type: 'application/pdf' };
    expect(check(model, valid, { justificatif: [pdf] }).ok).toBe(true);
    expect(check(model, valid, {}).ok ? null : (check(model, valid, {}) as { errors: Record<string, string> }).errors.justificatif).toBe(
      'Veuillez renseigner ce champ.',
    );
    const big = check(model, valid, { justificatif: [{ ...pdf, size: 5 * 1024 * 1024 + 1 }] });
    expect(big.ok ? null : big.errors.justificatif).toBe('Le fichier téléversé est trop volumineux.');
    const exe = check(model, valid, { justificatif: [{ name: 'attestation.exe', size: 10, type: 'application/octet-stream' }] });
    expect(exe.ok ? null : exe.errors.justificatif).toBe('Ce type de fichier n’est pas accepté.');
    const upper = check(model, valid, { justificatif: [{ name: 'SCAN.JPG', size: 10, type: 'image/jpeg' }] });
    expect(upper.ok).toBe(true);
    // An empty file input (no name, no bytes) is no file.
    const empty = check(model, valid, { justificatif: [{ name: '', size: 0, type: 'application/octet-stream' }] });
    expect(empty.ok ? null : empty.errors.justificatif).toBe('Veuillez renseigner ce champ.');
  });
});

describe('rules, one by one', () => {
  it('required', () => {
    expect(errorOf(one({ name: 'nom', kind: 'text', required: true }), {})).toBe('Veuillez renseigner ce champ.');
    expect(errorOf(one({ name: 'nom', kind: 'text', required: true }), { nom: ' \t ' })).toBe('Veuillez renseigner ce champ.');
    expect(errorOf(one({ name: 'nom', kind: 'text', required: true }), { nom: 'Dupont' })).toBeUndefined();
    expect(errorOf(one({ name: 'd', kind: 'date', required: true }), { d: '' })).toBe('Veuillez renseigner ce champ.');
  });

  it('e-mail', () => {
    const m = one({ name: 'email', kind: 'email' });
    for (const bad of ['camille', 'camille@', '@example.fr', 'camille@example', 'a b@example.fr', 'camille@@example.fr']) {
      expect(errorOf(m, { email: bad }), bad).toBe('Veuillez saisir une adresse e-mail valide.');
    }
    for (const good of ['camille@example.fr', 'c.lefevre+presse@lequipe.fr', ' CAMILLE@EXAMPLE.FR '])
      expect(errorOf(m, { email: good }), good).toBeUndefined();
  });

  it('telephone', () => {
    const m = one({ name: 'tel', kind: 'tel' });
    // CF7's wpcf7_is_tel: 6 to 15 characters once separators are gone; leading + or 0s read as one +.
    for (const good of [
      '06 12 34 56 78',
      '+33 6 12 34 56 78',
      '+33 (0)1.69.63.64.65',
      '01-69-63-64-65',
      '123456',
      '++33612345678',
      '0033 6 12 34 56 78',
      '01 69 63 64 65 #12',
    ]) {
      expect(errorOf(m, { tel: good }), good).toBeUndefined();
    }
    for (const bad of ['12345', 'zéro six', '06 12 34 56 78 90 12 34 56', '33+612345678', '(((((())))))', '+33 6 12 34 56 78 90 12']) {
      expect(errorOf(m, { tel: bad }), bad).toBe('Veuillez saisir un numéro de téléphone valide.');
    }
  });

  it('url', () => {
    const m = one({ name: 'site', kind: 'url' });
    for (const good of ['https://www.ffr.fr', 'http://presse.ffr.fr/actualites?x=1'])
      expect(errorOf(m, { site: good }), good).toBeUndefined();
    for (const bad of ['www.ffr.fr', 'ftp://ffr.fr', 'javascript:alert(1)', 'https://', 'https://localhost']) {
      expect(errorOf(m, { site: bad }), bad).toBe('Veuillez saisir une adresse web valide (https://…).');
    }
  });

  it('number, min and max', () => {
    const m = one({ name: 'age', kind: 'number', min: '18', max: '99' });
    expect(errorOf(m, { age: '42' })).toBeUndefined();
    expect(errorOf(m, { age: '18' })).toBeUndefined();
    expect(errorOf(m, { age: 'quarante' })).toBe('Veuillez saisir un nombre.');
    expect(errorOf(m, { age: '1e3' })).toBe('Veuillez saisir un nombre.');
    expect(errorOf(m, { age: '17' })).toBe('Veuillez saisir un nombre supérieur ou égal à 18.');
    expect(errorOf(m, { age: '120' })).toBe('Veuillez saisir un nombre inférieur ou égal à 99.');
    expect(errorOf(m, { age: '' })).toBeUndefined();
  });

  it('date, min and max', () => {
    const m = one({ name: 'd', kind: 'date', min: '2026-01-01', max: '2026-12-31' });
    expect(errorOf(m, { d: '2026-06-15' })).toBeUndefined();
    expect(errorOf(m, { d: '15/06/2026' })).toBeUndefined();
    expect(errorOf(m, { d: '2026-02-30' })).toBe('Veuillez saisir une date valide (JJ/MM/AAAA).');
    expect(errorOf(m, { d: '30/02/2026' })).toBe('Veuillez saisir une date valide (JJ/MM/AAAA).');
    expect(errorOf(m, { d: 'demain' })).toBe('Veuillez saisir une date valide (JJ/MM/AAAA).');
    expect(errorOf(m, { d: '2025-12-31' })).toBe('Veuillez saisir une date à partir du 01/01/2026.');
    expect(errorOf(m, { d: '31/12/25' })).toBe('Veuillez saisir une date à partir du 01/01/2026.');
    expect(errorOf(m, { d: '2027-01-01' })).toBe('Veuillez saisir une date jusqu’au 31/12/2026.');
  });

  it('date typed with a two-digit year (SPEC §9, cutoff 60): sent on as the ISO day, min and max checked on it', () => {
    const birth = one({ name: 'naissance', kind: 'date', required: true, min: '1900-01-01', max: '2010-12-31' });
    const sent = (typed: string) => {
      const r = check(birth, { naissance: typed });
      return r.ok ? r.values.naissance : `refusé : ${r.errors.naissance}`;
    };
    expect(sent('12/03/85')).toBe('1985-03-12');
    expect(sent(' 12.3.85 ')).toBe('1985-03-12');
    expect(sent('0085-03-12')).toBe('1985-03-12'); // a date input given two digits for the year
    expect(sent('12/03/1985')).toBe('1985-03-12');
    expect(sent('01/01/61')).toBe('1961-01-01');
    // 25 is 2025: past this birth date's max, refused with the form's range in French.
    expect(sent('01/01/25')).toBe('refusé : Veuillez saisir une date jusqu’au 31/12/2010.');
    const event = one({ name: 'jour', kind: 'date' });
    const day = (typed: string) => {
      const r = check(event, { jour: typed });
      return r.ok ? r.values.jour : 'refusé';
    };
    expect(day('01/01/25')).toBe('2025-01-01');
    expect(day('31/12/60')).toBe('2060-12-31');
    expect(day('01/01/00')).toBe('2000-01-01');
    expect(day('01/01/99')).toBe('1999-01-01');
    expect(day('29/02/00')).toBe('2000-02-29');
    expect(day('29/02/61')).toBe('refusé');
    // Kept as typed when it cannot be read, so the form shows it back with its message.
    const bad = check(event, { jour: '12/03/198' });
    expect(bad).toMatchObject({
      ok: false,
      values: { jour: '12/03/198' },
      errors: { jour: 'Veuillez saisir une date valide (JJ/MM/AAAA).' },
    });
  });

  it('minLength, maxLength and the default maxLength', () => {
    const m = one({ name: 'msg', kind: 'textarea', minLength: 10, maxLength: 20 });
    expect(errorOf(m, { msg: 'court' })).toBe('Ce champ doit contenir au moins 10 caractères.');
    expect(errorOf(m, { msg: 'x'.repeat(21) })).toBe('Ce champ doit contenir au plus 20 caractères.');
    expect(errorOf(m, { msg: 'x'.repeat(20) })).toBeUndefined();
    const free = one({ name: 'msg', kind: 'textarea' });
    expect(errorOf(free, { msg: 'x'.repeat(5000) })).toBeUndefined();
    expect(errorOf(free, { msg: 'x'.repeat(5001) })).toBe('Ce champ doit contenir au plus 5000 caractères.');
    expect(errorOf(one({ name: 'h', kind: 'hidden' }), { h: 'x'.repeat(5001) })).toBe('Ce champ doit contenir au plus 5000 caractères.');
  });

  it('choices', () => {
    const options = [
      { value: '1', label: 'Oui' },
      { value: '0', label: 'Non' },
    ];
    expect(errorOf(one({ name: 'r', kind: 'radio', options }), { r: '1' })).toBeUndefined();
    expect(errorOf(one({ name: 'r', kind: 'radio', options }), { r: 'Oui' })).toBe('Choix invalide.');
    expect(errorOf(one({ name: 'c', kind: 'checkbox', dataOptions: ['evenements'] }), { c: ['un titre'] })).toBeUndefined();
    expect(errorOf(one({ name: 's', kind: 'select', options }), { s: '2' })).toBe('Choix invalide.');
    expect(errorOf(one({ name: 's', kind: 'select', options, multiple: true }), { s: ['1', '0'] })).toBeUndefined();
    expect(errorOf(one({ name: 'c', kind: 'checkbox', options }), { c: ['1', '3'] })).toBe('Choix invalide.');
    expect(errorOf(one({ name: 'c', kind: 'checkbox', options, required: true }), {})).toBe('Veuillez renseigner ce champ.');
  });

  it('acceptance', () => {
    const m = one({ name: 'rgpd', kind: 'acceptance', required: true });
    expect(errorOf(m, { rgpd: '1' })).toBeUndefined();
    expect(errorOf(m, { rgpd: 'on' })).toBeUndefined();
    expect(errorOf(m, {})).toBe('Vous devez accepter pour continuer.');
    expect(errorOf(m, { rgpd: 'oui' })).toBe('Vous devez accepter pour continuer.');
    expect(errorOf(one({ name: 'news', kind: 'acceptance', required: false }), {})).toBeUndefined();
  });

  it('files: CF7’s defaults (1 Mo for the whole field, images, audio and video); maxBytes and fileTypes from the model', () => {
    const m = one({ name: 'f', kind: 'file' });
    expect(errorOf(m, {}, {})).toBeUndefined();
    expect(errorOf(m, {}, { f: [{ name: 'a.mp4', size: 1024 * 1024, type: 'video/mp4' }] })).toBeUndefined();
    expect(errorOf(m, {}, { f: [{ name: 'a.mp4', size: 1024 * 1024 + 1, type: 'video/mp4' }] })).toBe(
      'Le fichier téléversé est trop volumineux.',
    );
    const two = {
      f: [
        { name: 'a.jpg', size: 600_000, type: 'image/jpeg' },
        { name: 'b.jpg', size: 600_000, type: 'image/jpeg' },
      ],
    };
    expect(errorOf(m, {}, two)).toBe('Le fichier téléversé est trop volumineux.');
    expect(errorOf(m, {}, { f: [{ name: 'a.svg', size: 10, type: 'image/svg+xml' }] })).toBe('Ce type de fichier n’est pas accepté.');
    expect(errorOf(m, {}, { f: [{ name: 'a.pdf', size: 10, type: 'application/pdf' }] })).toBe('Ce type de fichier n’est pas accepté.');
    expect(errorOf(m, {}, { f: [{ name: 'pdf', size: 10, type: 'application/pdf' }] })).toBe('Ce type de fichier n’est pas accepté.');
    const small = one({ name: 'f', kind: 'file', maxBytes: 1024, fileTypes: ['mov', 'image/*'] });
    expect(errorOf(small, {}, { f: [{ name: 'a.mov', size: 1025, type: 'video/quicktime' }] })).toBe(
      'Le fichier téléversé est trop volumineux.',
    );
    expect(errorOf(small, {}, { f: [{ name: 'a.mov', size: 1024, type: 'video/quicktime' }] })).toBeUndefined();
    expect(errorOf(small, {}, { f: [{ name: 'photo.heic', size: 10, type: 'image/heic' }] })).toBeUndefined();
    expect(errorOf(small, {}, { f: [{ name: 'a.mp4', size: 10, type: 'video/mp4' }] })).toBe('Ce type de fichier n’est pas accepté.');
    expect(errorOf(one({ name: 'f', kind: 'file', required: true }), {}, { f: [] })).toBe('Veuillez renseigner ce champ.');
  });
});

describe('cleaning', () => {
  it('trims and removes control characters, keeping \\n and \\t in multi-line fields', () => {
    expect(cleanValue('  a\u0000b\u0007c\u007f  ', false)).toBe('abc');
    expect(cleanValue('ligne 1\r\nligne 2\tfin\u0008', true)).toBe('ligne 1\nligne 2\tfin');
    expect(cleanValue('Dupont\r\nBcc: x@y.fr', false)).toBe('Dupont Bcc: x@y.fr');
  });

  it('cleans the returned values, even on failure', () => {
    const model: FormModel = {
      ...one({ name: 'nom', kind: 'text', required: true }),
      fields: [
        { name: 'nom', kind: 'text', required: true, label: 'Nom', options: [] },
        { name: 'message', kind: 'textarea', required: true, label: 'Message', options: [] },
        { name: 'email', kind: 'email', required: true, label: 'E-mail', options: [] },
      ],
    };
    const r = check(model, { nom: ' Dupont\u0000 ', message: ' Bonjour,\r\n\tmerci \u001b', email: ' pas-un-email ', autre: 'x' });
    expect(r).toEqual({
      ok: false,
      errors: { email: 'Veuillez saisir une adresse e-mail valide.' },
      values: { nom: 'Dupont', message: 'Bonjour,\n\tmerci', email: 'pas-un-email' },
    });
  });

  it('takes the first non-empty value of a repeated single field, and names sent as name[]', () => {
    const model = one({ name: 'nom', kind: 'text' });
    expect(check(model, { nom: ['', 'Dupont', 'Durand'] }).values).toEqual({ nom: 'Dupont' });
    const boxes = one({ name: 'c', kind: 'checkbox' });
    expect(check(boxes, { 'c[]': ['a', 'b'] }).values).toEqual({ c: ['a', 'b'] });
  });
});
