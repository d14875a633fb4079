import { createStore, Provider } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { profileAtom, sessionAtom, type ProfileState, type SessionState } from '../accounts/state';
import type { Prefs } from '../../schemas/prefs';
import { AccessNotice } from './AccessNotice';

const SIGN_IN = '/connexion/compte-ffr?callbackUrl=%2Faccreditations%3Fformulaire%3Devenements-presse';
const signedIn: SessionState = {
  status: 'authenticated',
  data: {
    user: { id: 'u', name: 'Léa Marchand', email: 'membre@example.fr', firstName: 'Léa', lastName: 'Marchand' },
    expires: '2026-12-31T00:00:00Z',
  },
};
const prefs = (journaliste: string, flags: Partial<Pick<Prefs, 'journalist_status_request' | 'journalist_updated_profile'>> = {}) =>
  ({ status: 'success', data: { journaliste, first_name: 'Léa', ...flags } as unknown as Prefs }) satisfies ProfileState;

function render(session: SessionState, profile: ProfileState = { status: 'initial', data: null }) {
  const store = createStore();
  store.set(sessionAtom, session);
  store.set(profileAtom, profile);
  return renderToStaticMarkup(
    <Provider store={store}>
      <AccessNotice signIn={SIGN_IN} />
    </Provider>,
  );
}

describe('who may request an accreditation, said above the form (SPEC §6)', () => {
  it('invites an anonymous reader to sign in and come back, also before the session is known (the shared HTML)', () => {
    for (const session of [{ status: 'unauthenticated' }, { status: 'loading' }] as SessionState[]) {
      const html = render(session);
      expect(html).toContain('Les demandes d’accréditation sont réservées aux journalistes.');
      expect(html).toContain(`<a class="button" href="${SIGN_IN.replaceAll('&', '&amp;')}">Connexion / inscription</a>`);
      expect(html).toContain('avec ce que vous y aurez déjà choisi et saisi');
    }
    // A session whose refresh failed is no session.
    expect(render({ ...signedIn, data: { ...signedIn.data, error: 'RefreshAccessTokenError' } } as SessionState)).toContain(
      'Connexion / inscription',
    );
  });

  it('tells a signed-in reader without the status how to ask for it', () => {
    const none = render(signedIn, prefs('non'));
    expect(none).toContain('Votre compte FFR n’a pas le statut de journaliste.');
    expect(none).toContain('>Demander le statut de journaliste</button>');
    expect(none).toContain('<a href="/espace-presse">Mon espace presse</a>');
    expect(none).not.toContain('Connexion / inscription');
    expect(render(signedIn, prefs(''))).toContain('>Demander le statut de journaliste</button>');
    expect(render(signedIn, prefs('en_attente_infos'))).toContain('>Compléter mon profil de journaliste</button>');
    const pending = render(signedIn, prefs('a_valider'));
    expect(pending).toContain('en cours de validation par le service de presse');
    expect(pending).not.toContain('<button');
    const refused = render(signedIn, prefs('refuse'));
    expect(refused).toContain('n’a pas été acceptée');
    expect(refused).toContain('<a class="button button--ghost" href="/contact">Écrire au service de presse</a>');
    // A status WordPress may add one day reads as no status.
    expect(render(signedIn, prefs('constructor'))).toContain('Votre compte FFR n’a pas encore de statut de journaliste.');
  });

  it('says a request or the information asked for is on its way, and offers nothing more to send (issue 30, items 1 and 2)', () => {
    for (const [status, flags, words] of [
      ['non', { journalist_status_request: true }, 'Votre demande de statut de journaliste a bien été transmise'],
      ['', { journalist_status_request: true }, 'Votre demande de statut de journaliste a bien été transmise'],
      ['en_attente_infos', { journalist_updated_profile: true }, 'Vos informations ont bien été transmises'],
    ] as const) {
      const html = render(signedIn, prefs(status, flags));
      expect(html, status).toContain(words);
      expect(html, status).not.toContain('<button');
    }
  });

  it('says nothing to a journalist, nor before the profile is read', () => {
    expect(render(signedIn, prefs('oui'))).toBe('');
    expect(render(signedIn, { status: 'loading', data: null })).toBe('');
  });
});
