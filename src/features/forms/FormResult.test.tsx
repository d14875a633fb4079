import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormResult } from './FormResult';
import type { FormModel } from './model';
import type { FormOutcome } from './outcome';

const model: FormModel = { id: 7, slug: 'accreditation-evenements-presse', title: 'Accréditation', messages: {}, fields: [] };
const account = { signIn: '/connexion/compte-ffr?callbackUrl=%2Faccreditations', personalSpace: 'https://pp.ffr.fr/tableau-de-bord' };
const render = (outcome: Exclude<FormOutcome, { kind: 'invalid' }>, accreditation = true) =>
  renderToStaticMarkup(<FormResult outcome={outcome} model={model} accreditation={accreditation} account={account} />);

describe('the accreditation form’s answers', () => {
  it('success (SPEC §8): « Demande d’accréditation envoyée », the personal space in a new tab (SPEC §2), back home', () => {
    const html = render({ kind: 'success', title: 'Message envoyé', message: '', values: {} });
    expect(html).toContain('<h2 id="envoi-accreditation-evenements-presse-titre">Demande d’accréditation envoyée</h2>');
    expect(html).toContain('Le service de presse a bien reçu votre demande et vous confirmera votre accréditation');
    expect(html).toContain(
      '<a class="button button--ghost" href="https://pp.ffr.fr/tableau-de-bord" target="_blank" rel="noopener">Mon espace personnel<span class="visually-hidden"> (nouvel onglet)</span><span aria-hidden="true"> ↗</span></a>',
    );
    expect(html).toContain('<a class="button" href="/">Retour à l’accueil</a>');
  });

  it('a refusal for want of a session offers the sign-in; for want of the status, the press space', () => {
    const signIn = render({
      kind: 'failure',
      title: 'Connectez-vous pour envoyer votre demande',
      message: 'Les demandes d’accréditation sont réservées aux journalistes connectés à leur compte FFR.',
      values: { nom: 'Martin' },
      access: 'sign-in',
    });
    expect(signIn).toContain('role="alert"');
    expect(signIn).toContain('<a class="button" href="/connexion/compte-ffr?callbackUrl=%2Faccreditations">Connexion / inscription</a>');
    expect(signIn).toContain('Vos saisies sont conservées ci-dessous.');
    const journalist = render({
      kind: 'failure',
      title: 'Demande réservée aux journalistes',
      message: '…',
      values: {},
      access: 'journalist',
    });
    expect(journalist).toContain('<a class="button" href="/espace-presse">Mon espace presse</a>');
    expect(journalist).not.toContain('Connexion / inscription');
    // Other failures offer neither.
    const other = render({
      kind: 'failure',
      title: 'Nous avons rencontré un problème lors de l’envoi de votre message',
      message: '…',
      values: {},
    });
    expect(other).not.toContain('form-result__actions');
  });

  it('the contact form’s success lists what was sent, a date the French way, with no personal-space link', () => {
    const dated: FormModel = {
      ...model,
      fields: [{ name: 'jour', kind: 'date', required: false, label: 'Date de l’événement', options: [] }],
    };
    const html = renderToStaticMarkup(
      <FormResult
        outcome={{ kind: 'success', title: 'Message envoyé', message: '…', values: { jour: '1961-01-01' } }}
        model={dated}
        accreditation={false}
      />,
    );
    expect(html).toContain('Merci, votre message a été envoyé');
    expect(html).toContain('<dt>Date de l’événement</dt><dd>01/01/1961</dd>');
    expect(html).not.toContain('tableau-de-bord');
  });
});
