import { describe, expect, it } from 'vitest';
import { changedFrom, draftValues, hasInput, parseDraft } from './draft';
import { HONEYPOT, IDEMPOTENCY_FIELD, type FormField, type FormModel } from './model';

const field = (name: string, kind: FormField['kind'], extra: Partial<FormField> = {}): FormField => ({
  name,
  kind,
  required: false,
  label: name,
  options: [],
  ...extra,
});

// The contact modal's shape: texts, the dial-code picker, a select, radios (one with a default:), consent.
const model: FormModel = {
  id: 101,
  slug: 'contactez-nous-modal',
  title: 'Contactez-nous',
  messages: {},
  fields: [
    field('nom', 'text'),
    field('indicatif', 'text'),
    field('sujet', 'select', { options: [{ value: 'Événements', label: 'Événements' }] }),
    field('type-demande', 'radio', { options: [{ value: 'Interview', label: 'Interview' }] }),
    field('deja-accredite', 'radio', {
      options: [
        { value: 'Oui', label: 'Oui' },
        { value: 'Non', label: 'Non' },
      ],
      defaultValue: ['Non'],
    }),
    field('themes', 'checkbox', {
      options: [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
      ],
    }),
    field('message', 'textarea'),
    field('rgpd', 'acceptance'),
    field('piece', 'file'),
    field('source', 'hidden'),
  ],
};

function form(entries: Array<[string, string]>): FormData {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
}

describe('contact draft', () => {
  it('keeps the form’s own fields only: no honeypot, idempotency key, hidden field or file', () => {
    const data = form([
      ['nom', 'Durand'],
      ['indicatif', '+33'],
      ['themes[]', 'a'],
      ['themes[]', 'b'],
      ['message', 'Bonjour'],
      [HONEYPOT, ''],
      [IDEMPOTENCY_FIELD, 'cle'],
      ['source', 'modal'],
    ]);
    data.append('piece', new File(['x'], 'x.pdf'));
    expect(draftValues(model, data)).toEqual({ nom: 'Durand', indicatif: '+33', themes: ['a', 'b'], message: 'Bonjour' });
  });

  it('a form left as it opened holds nothing: the dial code and default: choices are not input', () => {
    expect(hasInput(model, {})).toBe(false);
    expect(hasInput(model, { indicatif: '+33', 'deja-accredite': 'Non', nom: '  ', themes: [] })).toBe(false);
  });

  it('anything typed or chosen is input', () => {
    expect(hasInput(model, { nom: 'D' })).toBe(true);
    expect(hasInput(model, { indicatif: '+32' })).toBe(true);
    expect(hasInput(model, { 'deja-accredite': 'Oui' })).toBe(true);
    expect(hasInput(model, { sujet: 'Événements' })).toBe(true);
    expect(hasInput(model, { themes: ['a'] })).toBe(true);
    expect(hasInput(model, { rgpd: '1' })).toBe(true);
  });

  it('a form as the page opened it (an event already ticked) holds no input of the reader’s: the draft may come back', () => {
    const opened = { themes: ['a'] };
    expect(changedFrom(model, { indicatif: '+33', 'deja-accredite': 'Non', themes: ['a'] }, opened)).toBe(false);
    expect(changedFrom(model, { indicatif: '+33', 'deja-accredite': 'Non', themes: ['a', 'b'] }, opened)).toBe(true);
    expect(changedFrom(model, { themes: [] }, opened)).toBe(true);
    expect(changedFrom(model, { nom: 'D', themes: ['a'] }, opened)).toBe(true);
  });

  it('reads back only a well-formed draft from storage', () => {
    expect(parseDraft(JSON.stringify({ nom: 'Durand', themes: ['a'] }))).toEqual({ nom: 'Durand', themes: ['a'] });
    expect(parseDraft(JSON.stringify({ nom: 3, themes: [1], message: 'ok' }))).toEqual({ message: 'ok' });
    expect(parseDraft('{')).toBeNull();
    expect(parseDraft('[]')).toBeNull();
    expect(parseDraft('{}')).toBeNull();
    expect(parseDraft(null)).toBeNull();
  });
});
