import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EVENT_FIELD, type EventChoice } from './event-selection';
import { FormView } from './FormView';
import type { FieldErrors, FormField, FormModel } from './model';

const field = (name: string, kind: FormField['kind'], extra: Partial<FormField> = {}): FormField => ({
  name,
  kind,
  required: true,
  label: name,
  options: [],
  ...extra,
});

const model: FormModel = {
  id: 7,
  slug: 'accreditation-evenements-presse',
  title: 'Accréditation',
  messages: {},
  fields: [
    field('email', 'email', { label: 'Adresse e-mail' }),
    field('fonction', 'radio', {
      label: 'Fonction',
      options: [
        { value: 'Pigiste', label: 'Pigiste' },
        { value: 'JRI', label: 'JRI' },
      ],
    }),
    field(EVENT_FIELD, 'checkbox', { label: 'Évènements' }),
    field('rgpd', 'acceptance', { label: 'J’accepte que mes données soient utilisées pour traiter ma demande.' }),
  ],
};

const events: EventChoice[] = [
  { id: 1, title: 'Conférence de presse', date: '2026-11-23T11:00:00', deadline: '2026-11-20T11:00:00+01:00', open: false },
  { id: 2, title: 'France – Japon', date: '2026-11-29T21:10:00', deadline: '2026-11-24T12:00:00+01:00', open: true },
];

const render = (errors: FieldErrors, choices: EventChoice[] = events) =>
  renderToStaticMarkup(
    <FormView
      model={model}
      values={{}}
      errors={errors}
      action="/accreditations#envoi-accreditation-evenements-presse"
      idempotencyKey="cle-de-test"
      events={choices}
    />,
  );

const ids = (html: string) => new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
const links = (html: string) => [...html.matchAll(/<a href="#([^"]+)">([^<]*)<\/a>/g)].map((m) => ({ target: m[1]!, text: m[2]! }));

describe('error summary', () => {
  it('is absent without errors', () => {
    expect(render({})).not.toContain('error-summary');
  });

  it('counts the errors in French and links each to a control of the same form', () => {
    const html = render({
      email: 'Veuillez saisir une adresse e-mail valide.',
      fonction: 'Veuillez renseigner ce champ.',
      [EVENT_FIELD]: 'Choisissez au moins un évènement.',
      rgpd: 'Veuillez accepter les conditions.',
    });
    expect(html).toMatch(/^<form[^>]*><div class="error-summary" id="envoi-accreditation-evenements-presse" tabindex="-1"/);
    expect(html).toContain('>Il y a 4 erreurs</h3>');
    expect(html).toContain('Vos saisies sont conservées\u00a0: corrigez les champs signalés puis envoyez à nouveau.');
    const found = links(html);
    expect(found.map((l) => l.text)).toEqual([
      'Adresse e-mail\u00a0: Veuillez saisir une adresse e-mail valide.',
      'Fonction\u00a0: Veuillez renseigner ce champ.',
      'Évènements\u00a0: Choisissez au moins un évènement.',
      'Consentement\u00a0: Veuillez accepter les conditions.',
    ]);
    const present = ids(html);
    for (const { target } of found) expect(present.has(target)).toBe(true);
    // A group's link leads to its first choice; the events', to the first one still open.
    expect(html).toContain('<input id="accreditation-evenements-presse-fonction" type="radio"');
    expect(html).toContain(
      `<input id="accreditation-evenements-presse-${EVENT_FIELD}" type="checkbox" name="${EVENT_FIELD}[]" value="France – Japon"/>`,
    );
  });

  it('with no event left to tick, leads to the list itself', () => {
    const html = render({ [EVENT_FIELD]: 'Choisissez au moins un évènement.' }, [events[0]!]);
    expect(html).toContain('>Il y a 1 erreur</h3>');
    expect(html).toContain('corrigez le champ signalé');
    const [link] = links(html);
    expect(html).toMatch(new RegExp(`<fieldset[^>]* id="${link!.target}" tabindex="-1"`));
  });

  it('lists an error of no known field as plain text', () => {
    const html = render({ inconnu: 'Ce champ a été refusé.' });
    expect(html).toContain('<li>Ce champ a été refusé.</li>');
    expect(links(html)).toEqual([]);
  });
});

describe('fields', () => {
  it('shows a closed event with SPEC §4’s fermee words, and cannot tick it', () => {
    const html = render({});
    expect(html).toContain(
      '<li class="is-closed"><label class="form__choice"><input type="checkbox" disabled="" name="accreditation-event-title[]" value="Conférence de presse"/>',
    );
    expect(html).toContain('<small class="event-picker__closed"> · Il n’est plus possible de vous accréditer à cet événement</small>');
  });

  it('a date field leaves its range to the server: a browser would refuse a two-digit year (0085) before the site reads it', () => {
    const dated: FormModel = {
      ...model,
      fields: [field('naissance', 'date', { label: 'Date de naissance', min: '1900-01-01', max: '2010-12-31' })],
    };
    const html = renderToStaticMarkup(
      <FormView model={dated} values={{ naissance: '1985-03-12' }} errors={{}} action="/contact" idempotencyKey="cle" />,
    );
    expect(html).toContain(
      '<input id="accreditation-evenements-presse-naissance" required="" type="date" name="naissance" value="1985-03-12"/>',
    );
  });
});
