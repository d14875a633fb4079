import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileAtom, profileUpdateAtom, updateProfileAtom, type ProfileUpdateState } from './state';
import { snackbarAtom } from '../../state/ui';
import type { Prefs } from '../../schemas/prefs';

// The profile update (SPEC §4: loading, then success or failure; §8: a failure keeps the
// response's error code, a success shows the snack bar), run against a stand-in for the worker's
// /api/auth/csrf and /api/user/prefs.

const before = { first_name: 'Camille', journaliste: 'oui', journaliste_optin_whatsapp: false } as unknown as Prefs;
const after = { ...before, journaliste_optin_whatsapp: true } as unknown as Prefs;

type Answer = () => Promise<Response>;
let answers: Answer[];
let posted: Array<{ url: string; body: unknown; csrf: string | null }>;

const json =
  (body: unknown, status = 200) =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
function deferred() {
  let resolve!: (r: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { answer: () => promise, resolve };
}

beforeEach(() => {
  answers = [];
  posted = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (input === '/api/auth/csrf')
      return new Response(JSON.stringify({ csrfToken: 'jeton' }), { headers: { 'content-type': 'application/json' } });
    posted.push({ url: input, body: JSON.parse(String(init?.body)), csrf: new Headers(init?.headers).get('x-csrf-token') });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected call ${input}`);
    return next();
  });
});
afterEach(() => vi.unstubAllGlobals());

function storeWithProfile() {
  const store = createStore();
  store.set(profileAtom, { status: 'success', data: before });
  const seen: ProfileUpdateState[] = [];
  store.sub(profileUpdateAtom, () => seen.push(store.get(profileUpdateAtom)));
  return { store, seen };
}

describe('profile update', () => {
  it('starts initial', () => {
    expect(createStore().get(profileUpdateAtom)).toEqual({ status: 'initial', id: 0 });
  });

  it('goes loading, then success: the profile becomes the answer and the snack bar confirms', async () => {
    const { store, seen } = storeWithProfile();
    const answer = deferred();
    answers.push(answer.answer);
    const outcome = store.set(updateProfileAtom, { action: 'optin_whatsapp', value: true, confirmation: 'C’est noté.' });
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(store.get(profileUpdateAtom)).toEqual({ status: 'loading', id: 1, action: 'optin_whatsapp', value: true });
    expect(store.get(profileAtom).data).toBe(before);
    expect(posted[0]).toEqual({ url: '/api/user/prefs?action=optin_whatsapp', body: { value: true }, csrf: 'jeton' });

    answer.resolve(new Response(JSON.stringify(after), { headers: { 'content-type': 'application/json' } }));
    expect(await outcome).toEqual({ ok: true, data: after });
    expect(store.get(profileUpdateAtom)).toEqual({ status: 'success', id: 1, action: 'optin_whatsapp' });
    expect(store.get(profileAtom)).toEqual({ status: 'success', data: after });
    expect(store.get(snackbarAtom)?.text).toBe('C’est noté.');
    expect(seen.map((s) => s.status)).toEqual(['loading', 'success']);
  });

  it('goes loading, then failure keeping the response’s error code; the profile stays as it was, no snack bar', async () => {
    const { store, seen } = storeWithProfile();
    answers.push(json({ error: 'rest_invalid_param', message: 'La demande a été refusée.' }, 400));
    const outcome = await store.set(updateProfileAtom, { action: 'optin_whatsapp', value: true, confirmation: 'C’est noté.' });
    expect(outcome).toEqual({ ok: false, error: 'rest_invalid_param' });
    expect(store.get(profileUpdateAtom)).toEqual({ status: 'failure', id: 1, action: 'optin_whatsapp', error: 'rest_invalid_param' });
    expect(store.get(profileAtom)).toEqual({ status: 'success', data: before });
    expect(store.get(snackbarAtom)).toBeNull();
    expect(seen.map((s) => s.status)).toEqual(['loading', 'failure']);
  });

  it('keeps the worker’s code for an expired session, the status when the body says none, the message when nothing answered', async () => {
    const { store } = storeWithProfile();
    answers.push(json({ error: 'RefreshAccessTokenError', message: 'Votre session a expiré.' }, 401));
    expect(await store.set(updateProfileAtom, { action: 'optin_mail', value: true })).toEqual({
      ok: false,
      error: 'RefreshAccessTokenError',
    });
    answers.push(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await store.set(updateProfileAtom, { action: 'optin_mail', value: true })).toEqual({ ok: false, error: '502' });
    answers.push(async () => {
      throw new TypeError('Failed to fetch');
    });
    await store.set(updateProfileAtom, { action: 'optin_mail', value: true });
    expect(store.get(profileUpdateAtom)).toEqual({ status: 'failure', id: 3, action: 'optin_mail', error: 'Failed to fetch' });
  });

  it('a failure after a success, then a success again: each update has its own status', async () => {
    const { store, seen } = storeWithProfile();
    answers.push(json(after), json({ error: 'unavailable' }, 503), json(before));
    await store.set(updateProfileAtom, { action: 'optin_whatsapp', value: true });
    await store.set(updateProfileAtom, { action: 'optin_mail', value: true });
    expect(store.get(profileAtom)).toEqual({ status: 'success', data: after });
    await store.set(updateProfileAtom, { action: 'optin_whatsapp', value: false });
    expect(store.get(profileAtom)).toEqual({ status: 'success', data: before });
    expect(seen.map((s) => `${s.status}:${s.id}`)).toEqual(['loading:1', 'success:1', 'loading:2', 'failure:2', 'loading:3', 'success:3']);
  });

  it('an older answer arriving after a newer one neither changes the newer status nor overwrites its profile', async () => {
    const { store } = storeWithProfile();
    const first = deferred();
    const second = deferred();
    answers.push(first.answer, second.answer);
    const older = store.set(updateProfileAtom, { action: 'favoris', value: [1] });
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    const newer = store.set(updateProfileAtom, { action: 'favoris', value: [2, 1] });
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    const withTwo = { ...before, favorite_newsroom_post_ids: [2, 1] } as unknown as Prefs;
    second.resolve(new Response(JSON.stringify(withTwo)));
    await newer;
    expect(store.get(profileUpdateAtom)).toMatchObject({ status: 'success', id: 2 });
    first.resolve(new Response(JSON.stringify({ ...before, favorite_newsroom_post_ids: [1] })));
    expect((await older).ok).toBe(true);
    expect(store.get(profileAtom)).toEqual({ status: 'success', data: withTwo });
    expect(store.get(profileUpdateAtom)).toMatchObject({ status: 'success', id: 2 });
  });

  it('a newer update still loading is not ended by an older one failing', async () => {
    const { store } = storeWithProfile();
    const first = deferred();
    const second = deferred();
    answers.push(first.answer, second.answer);
    const older = store.set(updateProfileAtom, { action: 'optin_mail', value: true });
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    const newer = store.set(updateProfileAtom, { action: 'optin_whatsapp', value: true });
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    first.resolve(new Response(JSON.stringify({ error: 'unavailable' }), { status: 503 }));
    expect(await older).toEqual({ ok: false, error: 'unavailable' });
    expect(store.get(profileUpdateAtom)).toEqual({ status: 'loading', id: 2, action: 'optin_whatsapp', value: true });
    second.resolve(new Response(JSON.stringify(after)));
    await newer;
    expect(store.get(profileUpdateAtom)).toEqual({ status: 'success', id: 2, action: 'optin_whatsapp' });
  });
});
