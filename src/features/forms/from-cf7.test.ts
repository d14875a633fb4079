import { describe, expect, it } from 'vitest';
import { formForApi } from '../../../dev/cf7/rest';
import { generateContent } from '../../../dev/content/generate';
import type { FormField, FormModel } from './model';
import { toFormModel } from './from-cf7';
import { TEST_NOW } from '../../../test/support/clock';

// The forms as the local upstream serves them (what GET contact-forms/{id} returns).
const content = generateContent({ baseUrl: 'http://127.0.0.1:8788', now: new Date(TEST_NOW) });
const cf7 = (slug: string) => {
  const form = content.forms.find((f) => f.slug === slug);
  if (!form) throw new Error(`no form ${slug}`);
  return formForApi(structuredClone(form));
};
const model = (slug: string): FormModel => {
  const m = toFormModel(JSON.parse(JSON.stringify(cf7(slug))));
  if (!m) throw new Error(`no model for ${slug}`);
  return m;
};
const field = (m: FormModel, name: string): FormField => {
  const f = m.fields.find((x) => x.name === name);
  if (!f) throw new Error(`no field ${name}`);
  return f;
};

describe('toFormModel on the seeded contact form', () => {
  const m = model('contactez-nous');

  it('keeps id, slug, title and CF7 messages', () => {
    expect(m).toMatchObject({ id: 102, slug: 'contactez-nous', title: 'Contactez le service de presse' });
    expect(m.messages.mail_sent_ok).toBe('Merci pour votre message. Il a été envoyé.');
    expect(m.messages.upload_file_too_large).toBe('Le fichier téléversé est trop volumineux.');
  });

  it('lists the named fields in order, without the submit button', () => {
    expect(m.fields.map((f) => f.name)).toEqual([
      'civilite',
      'nom',
      'prenom',
      'email',
      'indicatif',
      'telephone',
      'media',
      'sujet',
      'type-demande',
      'deja-accredite',
      'message',
      'rgpd',
    ]);
  });

  it('maps kinds and required', () => {
    expect(field(m, 'nom')).toMatchObject({ kind: 'text', required: true });
    expect(field(m, 'email')).toMatchObject({ kind: 'email', required: true });
    expect(field(m, 'telephone')).toMatchObject({ kind: 'tel', required: false });
    expect(field(m, 'civilite')).toMatchObject({ kind: 'select', required: false });
    expect(field(m, 'type-demande')).toMatchObject({ kind: 'radio', required: true });
    expect(field(m, 'message')).toMatchObject({ kind: 'textarea', required: true });
    expect(field(m, 'rgpd')).toMatchObject({ kind: 'acceptance', required: true });
  });

  it('reads labels from the <label> around the tag, without the asterisk', () => {
    expect(field(m, 'nom').label).toBe('Nom');
    expect(field(m, 'prenom').label).toBe('Prénom');
    expect(field(m, 'email').label).toBe('Adresse e-mail');
    expect(field(m, 'telephone').label).toBe('Téléphone');
    expect(field(m, 'media').label).toBe('Média');
    expect(field(m, 'sujet').label).toBe('Sujet');
    expect(field(m, 'civilite').label).toBe('Civilité');
    expect(field(m, 'message').label).toBe('Message');
  });

  it('reads a fieldset legend, and the acceptance text', () => {
    expect(field(m, 'type-demande').label).toBe('Type de demande');
    expect(field(m, 'deja-accredite').label).toBe('Êtes-vous déjà accrédité auprès de la FFR\u202f?');
    expect(field(m, 'rgpd').label).toMatch(/^J’accepte que mes données soient traitées .* politique de confidentialité\.$/);
  });

  it('builds options; with pipes, the part before the pipe is shown and posted', () => {
    expect(field(m, 'sujet').options.map((o) => o.value)).toEqual([
      'Équipe de France',
      'Événements',
      'Institutionnel',
      'Projets sportifs',
      'France Rugby',
    ]);
    expect(field(m, 'type-demande').options).toContainEqual({ value: 'Contenus (photos, vidéos)', label: 'Contenus (photos, vidéos)' });
    expect(field(m, 'deja-accredite').options).toEqual([
      { label: 'Oui', value: 'Oui' },
      { label: 'Non', value: 'Non' },
    ]);
    expect(field(m, 'civilite').options.map((o) => o.label)).toEqual(['Madame', 'Monsieur']);
  });

  it('makes every radio required and reads default: one-based', () => {
    expect(field(m, 'deja-accredite')).toMatchObject({ kind: 'radio', required: true, defaultValue: ['Non'] });
    expect(field(m, 'type-demande').defaultValue).toBeUndefined();
  });

  it('gives text fields CF7’s own length limits when the form sets none', () => {
    expect(field(m, 'nom').maxLength).toBe(400);
    expect(field(m, 'email').maxLength).toBe(400);
  });

  it('reads length limits and the placeholder', () => {
    expect(field(m, 'message')).toMatchObject({ minLength: 10, maxLength: 3000 });
    expect(field(m, 'indicatif')).toMatchObject({ kind: 'text', placeholder: '+33' });
    expect(field(m, 'nom').placeholder).toBeUndefined();
  });
});

describe('toFormModel on the seeded accreditation forms', () => {
  it('reads the job titles, the press card and the event checkboxes', () => {
    const m = model('evenements-presse');
    expect(field(m, 'fonction').options).toHaveLength(17);
    expect(field(m, 'fonction').options[0]).toEqual({ value: 'Journaliste', label: 'Journaliste' });
    // Posted back as CF7 lists it, shown as a typographer writes it.
    expect(field(m, 'fonction').options).toContainEqual({ value: "Chef d'édition", label: 'Chef d’édition' });
    expect(field(m, 'fonction').options).toContainEqual({ value: 'Chef du service - adjoint', label: 'Chef du service – adjoint' });
    expect(field(m, 'carte-presse')).toMatchObject({ kind: 'text', required: false, maxLength: 10, label: 'Numéro de carte de presse' });
    expect(field(m, 'accreditation-event-title')).toMatchObject({
      kind: 'checkbox',
      required: true,
      options: [],
      dataOptions: ['evenements.presse'],
      label: 'Événement(s) concerné(s)',
    });
    expect(field(m, 'commentaire')).toMatchObject({ kind: 'textarea', maxLength: 1000, label: 'Commentaire' });
  });

  it('reads the file limits', () => {
    const m = model('media-francais-sans-carte');
    expect(field(m, 'justificatif')).toMatchObject({
      kind: 'file',
      required: true,
      maxBytes: 5 * 1024 * 1024,
      fileTypes: ['pdf', 'jpg', 'jpeg', 'png'],
      label: 'Attestation de votre rédaction (PDF ou image, 5 Mo maximum)',
    });
    expect(m.fields.some((f) => f.name === 'carte-presse')).toBe(false);
  });

  it('maps every seeded form', () => {
    for (const form of content.forms) {
      const m = toFormModel(formForApi(form));
      expect(m, form.slug).not.toBeNull();
      for (const f of m!.fields) expect(f.label, `${form.slug}/${f.name}`).not.toBe('');
    }
  });
});

describe('toFormModel on other shapes', () => {
  const base = () => cf7('contactez-nous-modal');

  it('returns null for a malformed form', () => {
    expect(toFormModel(null)).toBeNull();
    expect(toFormModel('form')).toBeNull();
    expect(toFormModel({ id: 1, slug: 'x' })).toBeNull();
    expect(toFormModel({ ...base(), id: 'abc' })).toBeNull();
    expect(toFormModel({ ...base(), slug: '' })).toBeNull();
    const noFields = base() as unknown as { properties: { form: { fields: unknown } } };
    noFields.properties.form.fields = 'nope';
    expect(toFormModel(noFields)).toBeNull();
  });

  it('accepts a numeric string id and missing messages', () => {
    const raw = base() as unknown as Record<string, unknown> & { properties: Record<string, unknown> };
    raw.id = '101';
    delete raw.properties.messages;
    const m = toFormModel(raw);
    expect(m?.id).toBe(101);
    expect(m?.messages).toEqual({});
  });

  it('skips malformed and unknown fields, keeps the rest', () => {
    const raw = base();
    const fields = raw.properties.form.fields as unknown[];
    fields.push(
      42,
      { type: 'text' },
      { type: 'quiz', basetype: 'quiz', name: 'quiz-1', options: [], raw_values: [], labels: [], values: [], content: '' },
    );
    fields.push({
      type: 'hidden',
      basetype: 'hidden',
      name: 'source',
      options: [],
      raw_values: ['newsroom'],
      labels: [],
      values: [],
      content: '',
    });
    const m = toFormModel(raw)!;
    expect(m.fields.map((f) => f.name)).toEqual([
      'nom',
      'prenom',
      'email',
      'indicatif',
      'telephone',
      'media',
      'sujet',
      'type-demande',
      'deja-accredite',
      'message',
      'rgpd',
      'source',
    ]);
    expect(field(m, 'source')).toMatchObject({ kind: 'hidden', required: false, label: 'Source' });
  });

  it('reads every option token', () => {
    const tag = (type: string, name: string, options: string[], values: string[] = []) => ({
      type,
      basetype: type.replace('*', ''),
      name,
      options,
      raw_values: values,
      labels: values.map((v) => v.split('|')[0]!),
      values: values.map((v) => v.split('|')[0]!),
      pipes: values.map((v) => v.split('|')),
      content: '',
    });
    const m = toFormModel({
      id: 9,
      slug: 'tokens',
      title: 'Tokens',
      properties: {
        form: {
          content:
            '<label> Date de naissance *\n [date* naissance min:1900-01-01 max:2010-12-31] </label>\n[number age min:18 max:99]\n[file video limit:2048kb filetypes:.MP4|mov]\n[file piece limit:1.5mb]\n[select pays multiple "France" "Italie"]\n[select objet first_as_label "Choisissez…" "A|a" "B|b"]',
          fields: [
            tag('date*', 'naissance', ['min:1900-01-01', 'max:2010-12-31']),
            tag('number', 'age', ['min:18', 'max:99']),
            tag('file', 'video', ['limit:2048kb', 'filetypes:.MP4|mov']),
            tag('file', 'piece', ['limit:1.5mb']),
            tag('select', 'pays', ['multiple'], ['France', 'Italie']),
            tag('select', 'objet', ['first_as_label'], ['Choisissez…', 'A|a', 'B|b']),
            { type: 'url', name: 'site', options: [], raw_values: [], labels: [], values: [], content: '' },
          ],
        },
        messages: { mail_sent_ok: 'OK', broken: 3 },
      },
    })!;
    expect(field(m, 'naissance')).toMatchObject({
      kind: 'date',
      required: true,
      min: '1900-01-01',
      max: '2010-12-31',
      label: 'Date de naissance',
    });
    expect(field(m, 'age')).toMatchObject({ kind: 'number', min: '18', max: '99', label: 'Age' });
    expect(field(m, 'video')).toMatchObject({ kind: 'file', maxBytes: 2048 * 1024, fileTypes: ['mp4', 'mov'], label: 'Vidéo' });
    // CF7 takes whole numbers only: limit:1.5mb is not a limit, so the 1 MB default holds.
    expect(field(m, 'piece')).toMatchObject({ kind: 'file', maxBytes: 1024 * 1024 });
    expect(field(m, 'piece').fileTypes).toContain('jpg');
    expect(field(m, 'piece').fileTypes).not.toContain('pdf');
    expect(field(m, 'pays')).toMatchObject({
      multiple: true,
      options: [
        { value: 'France', label: 'France' },
        { value: 'Italie', label: 'Italie' },
      ],
      label: 'Pays',
    });
    expect(field(m, 'objet')).toMatchObject({
      placeholder: 'Choisissez…',
      options: [
        { label: 'A', value: 'A' },
        { label: 'B', value: 'B' },
      ],
    });
    expect(field(m, 'site')).toMatchObject({ kind: 'url', label: 'Site web' });
    expect(m.messages).toEqual({ mail_sent_ok: 'OK' });
  });

  it('decodes entities and ignores a label around another field', () => {
    const m = toFormModel({
      id: 10,
      slug: 'entities',
      title: 'E',
      properties: {
        form: {
          content: '<label>Nom &amp; pr&eacute;nom&nbsp;*<br/>[text* nom-complet]</label><label>Ville [text ville]</label>',
          fields: [
            { type: 'text*', basetype: 'text', name: 'nom-complet', options: [], raw_values: [], labels: [], values: [], content: '' },
            { type: 'text', basetype: 'text', name: 'nom', options: [], raw_values: [], labels: [], values: [], content: '' },
            { type: 'text', basetype: 'text', name: 'code-postal', options: [], raw_values: [], labels: [], values: [], content: '' },
          ],
        },
        messages: {},
      },
    })!;
    expect(field(m, 'nom-complet').label).toBe('Nom & prénom');
    expect(field(m, 'nom').label).toBe('Nom');
    expect(field(m, 'code-postal').label).toBe('Code postal');
  });
});
