import { encode } from '@auth/core/jwt';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env';
import type { Config } from '../config/env.server';
import { CHUNK_SIZE, hasSessionCookie, readSession } from './session.server';

// The server's read of Auth.js's session cookie: whole or in chunks, under the name the scheme
// gives it, and nothing else.

const SECRET = 'secret-de-test-0123456789abcdef';
const config = { AUTH_SECRET: SECRET } as Config;

const app = new Hono<AppEnv>();
app.use(async (c, next) => {
  c.set('config', config);
  await next();
});
app.get('/', async (c) => c.json({ session: await readSession(c), present: hasSessionCookie(c) }));

async function read(cookie: string, { https = false, headers = {} }: { https?: boolean; headers?: Record<string, string> } = {}) {
  const res = await app.request(`${https ? 'https' : 'http'}://presse.test/`, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
  return (await res.json()) as { session: Record<string, unknown> | null; present: boolean };
}

// No access token: the read stops short of any refresh.
const seal = (fields: Record<string, unknown>, salt = 'authjs.session-token', secret = SECRET) =>
  encode({ token: { sub: 'u-1', name: 'Camille Lefèvre', signedInAt: Date.now(), ...fields }, secret, salt, maxAge: 3600 });

describe('readSession', () => {
  it('reads a whole session cookie', async () => {
    const token = await seal({});
    expect(await read(`authjs.session-token=${token}`)).toMatchObject({ session: { sub: 'u-1', name: 'Camille Lefèvre' }, present: true });
  });

  it('reads a session Auth.js split into name.0, name.1… whatever their order in the header', async () => {
    const token = await seal({ groups: Array.from({ length: 600 }, (_, i) => `groupe-${i}`) });
    const parts = token.match(new RegExp(`.{1,${CHUNK_SIZE}}`, 'g'))!;
    expect(parts.length).toBeGreaterThan(2);
    const cookie = parts
      .map((p, i) => `authjs.session-token.${i}=${p}`)
      .reverse()
      .join('; ');
    const { session, present } = await read(`autre=1; ${cookie}`);
    expect(present).toBe(true);
    expect(session).toMatchObject({ sub: 'u-1', groups: expect.arrayContaining(['groupe-599']) });
  });

  it('reads the __Host- cookie on https, sealed under its own name, and only that one', async () => {
    const secure = await seal({}, '__Host-authjs.session-token');
    expect((await read(`__Host-authjs.session-token=${secure}`, { https: true })).session).toMatchObject({ sub: 'u-1' });
    expect(await read(`authjs.session-token=${await seal({})}`, { https: true })).toEqual({ session: null, present: false });
  });

  it('answers null for a cookie it cannot open (another secret, another salt, garbage)', async () => {
    expect(
      (await read(`authjs.session-token=${await seal({}, 'authjs.session-token', 'un-autre-secret-0123456789abcdef')}`)).session,
    ).toBeNull();
    expect((await read(`authjs.session-token=${await seal({}, '__Host-authjs.session-token')}`)).session).toBeNull();
    expect(await read('authjs.session-token=pas-un-jeton')).toEqual({ session: null, present: true });
    expect(await read('')).toEqual({ session: null, present: false });
  });

  it('takes a session from the cookie only, never from an Authorization: Bearer header', async () => {
    expect((await read('', { headers: { authorization: `Bearer ${await seal({})}` } })).session).toBeNull();
  });

  it('ends a session begun before this browser signed out', async () => {
    const token = await seal({ signedInAt: Date.now() - 60_000 });
    expect((await read(`authjs.session-token=${token}; ffr.signed-out=${Date.now() - 1000}`)).session).toBeNull();
  });
});
