import { createStore, Provider } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Prefs } from '../../schemas/prefs';
import { modalAtom } from '../../state/ui';
import { profileAtom, type ProfileState } from './state';
import { WhatsappOptIn } from './WhatsappOptIn';

// Issue 40, item 4: the window opened while the profile was still loading said « no number », then
// the number a moment later. What it says first is what the page knows, and the profile only refines it.

function render(profile: ProfileState, phone?: string) {
  const store = createStore();
  store.set(profileAtom, profile);
  store.set(modalAtom, { kind: 'WHATSAPP_OPTIN', content: phone === undefined ? undefined : { phone }, force: false });
  return renderToStaticMarkup(
    <Provider store={store}>
      <WhatsappOptIn onClose={() => undefined} />
    </Provider>,
  ).replace(/<[^>]+>/g, '');
}

const NO_NUMBER = 'n’a pas encore de numéro de mobile';
const loaded = (phone_mobile: string): ProfileState => ({ status: 'success', data: { phone_mobile } as unknown as Prefs });

describe('the WhatsApp opt-in window says the number from its first frame', () => {
  it('says the page’s number while the profile loads, never « no number » first', () => {
    for (const profile of [
      { status: 'initial', data: null },
      { status: 'loading', data: null },
    ] satisfies ProfileState[]) {
      const text = render(profile, '0612345678');
      expect(text).toContain('Les actualités vous seront envoyées au 06\u00a012\u00a034\u00a056\u00a078');
      expect(text).not.toContain(NO_NUMBER);
    }
  });

  it('then says what the profile says, which is the same number', () => {
    expect(render(loaded('0612345678'), '0612345678')).toContain('06\u00a012\u00a034\u00a056\u00a078');
  });

  it('says there is no number only when that is known', () => {
    expect(render({ status: 'loading', data: null }, '')).toContain(NO_NUMBER);
    expect(render(loaded(''), '0612345678')).toContain(NO_NUMBER);
  });
});
