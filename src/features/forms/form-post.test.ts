import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../../app-env';
import { FORM_POST_LIMITS, FormRequestError, formBodyLimit, readFormPost } from './form-post.server';
import type { FormField, FormModel } from './model';

// A form post's bounds (form-post.server.ts), each at its limit and one past it, before any parsing.
// test/worker/forms.test.ts holds the same through the worker in workerd, with CF7 behind it.

const field = (name: string, kind: FormField['kind'], extra: Partial<FormField> = {}): FormField => ({
  name,
  kind,
  required: false,
  label: name,
  options: [],
  ...extra,
});
const model = (fields: FormField[]): FormModel => ({ id: 1, slug: 'f', title: 'F', fields, messages: {} });
const TEXT = model([field('nom', 'text')]);
const WITH_FILES = model([field('nom', 'text'), field('cv', 'file', { maxBytes: 2048 }), field('photo', 'file')]);

async function post(form: FormModel, body: BodyInit | null, contentType: string | null, headers: Record<string, string> = {}) {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    try {
      const { values, files } = await readFormPost(c, form);
      return c.json({ values, files: Object.fromEntries(Object.entries(files).map(([k, list]) => [k, list.map((f) => f.size)])) });
    } catch (error) {
      if (error instanceof FormRequestError) return c.json({ message: error.message }, error.status);
      throw error;
    }
  });
  const res = await app.request('http://presse.test/', {
    method: 'POST',
    body,
    // A stream is sent as it comes (fetch's rule for a streamed body).
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    headers: { ...(contentType ? { 'content-type': contentType } : {}), ...headers },
  });
  return {
    status: res.status,
    json: (await res.json()) as { message?: string; values?: Record<string, unknown>; files?: Record<string, number[]> },
  };
}

const urlencoded = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();
const multipart = (parts: [string, string | File][]) => {
  const data = new FormData();
  for (const [name, value] of parts) data.append(name, value);
  const request = new Request('http://x/', { method: 'POST', body: data });
  return { body: request.arrayBuffer(), type: request.headers.get('content-type')! };
};
const sendMultipart = async (form: FormModel, parts: [string, string | File][]) => {
  const { body, type } = multipart(parts);
  return post(form, await body, type);
};
const fields = (n: number, name = (i: number) => `f${i}`) => Array.from({ length: n }, (_, i) => [name(i), 'x'] as [string, string]);

describe('a form post, read within its bounds (readFormPost)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('takes urlencoded and multipart, lists by name (« [] » dropped), empty files left out', async () => {
    const a = await post(
      TEXT,
      urlencoded([
        ['nom', 'Martin'],
        ['choix[]', 'a'],
        ['choix[]', 'b'],
        ['__proto__', 'x'],
      ]),
      'application/x-www-form-urlencoded',
    );
    expect(a).toEqual({ status: 200, json: { values: { nom: 'Martin', choix: ['a', 'b'], ['__proto__']: 'x' }, files: {} } });
    const b = await sendMultipart(WITH_FILES, [
      ['nom', 'Julie'],
      ['cv', new File(['abc'], 'cv.pdf')],
      ['photo', new File([], 'vide.jpg')],
    ]);
    expect(b).toEqual({ status: 200, json: { values: { nom: 'Julie' }, files: { cv: [3] } } });
  });

  it('refuses other types (415), and a multipart without a boundary or unreadable', async () => {
    expect((await post(TEXT, 'nom=x', 'text/plain')).status).toBe(415);
    expect((await post(TEXT, 'nom=x', null)).status).toBe(415);
    expect((await post(TEXT, 'nom=x', 'multipart/form-data')).json.message).toBe('Le corps de la requête n’est pas un formulaire lisible.');
    expect((await post(TEXT, 'pas un formulaire', 'multipart/form-data; boundary=abc')).status).toBe(415);
    // A boundary of 70 characters, quoted or not, whatever the parameter's case (RFC 2046).
    const seventy = 'b'.repeat(70);
    const part = `--${seventy}\r\nContent-Disposition: form-data; name="nom"\r\n\r\nx\r\n--${seventy}--\r\n`;
    expect((await post(TEXT, part, `multipart/form-data; boundary="${seventy}"`)).json.values).toEqual({ nom: 'x' });
    expect((await post(TEXT, part, `multipart/form-data; boundary=${seventy}`)).json.values).toEqual({ nom: 'x' });
    expect((await post(TEXT, part, `multipart/form-data; BOUNDARY=${seventy}`)).json.values).toEqual({ nom: 'x' });
  });

  it('takes 200 fields and refuses 201, counted before parsing, in both encodings', async () => {
    const { fields: max } = FORM_POST_LIMITS;
    expect((await post(TEXT, urlencoded(fields(max)), 'application/x-www-form-urlencoded')).status).toBe(200);
    const over = await post(TEXT, urlencoded(fields(max + 1)), 'application/x-www-form-urlencoded');
    expect(over).toEqual({ status: 400, json: { message: 'L’envoi contient trop de champs pour ce formulaire.' } });
    expect((await sendMultipart(TEXT, fields(max))).status).toBe(200);
    expect((await sendMultipart(TEXT, fields(max + 1))).status).toBe(400);
    expect((await sendMultipart(TEXT, fields(max + 50))).status).toBe(400);
  });

  it('refuses too many fields before parsing them: neither the runtime’s multipart parser nor URLSearchParams runs', async () => {
    const parsed = vi.spyOn(Request.prototype, 'formData');
    const Real = URLSearchParams;
    let decoded = 0;
    vi.stubGlobal(
      'URLSearchParams',
      class extends Real {
        constructor(init?: ConstructorParameters<typeof URLSearchParams>[0]) {
          super(init);
          if (typeof init === 'string') decoded++;
        }
      },
    );
    const { fields: max } = FORM_POST_LIMITS;
    const body = new Real(fields(max + 1)).toString();
    expect((await post(TEXT, body, 'application/x-www-form-urlencoded')).status).toBe(400);
    expect(decoded).toBe(0);
    expect((await post(TEXT, new Real(fields(max)).toString(), 'application/x-www-form-urlencoded')).status).toBe(200);
    expect(decoded).toBe(1);
    const over = multipart(fields(max + 1));
    const { body: overBytes, type } = over;
    const before = parsed.mock.calls.length;
    expect((await post(TEXT, await overBytes, type)).status).toBe(400);
    expect(parsed.mock.calls.length).toBe(before);
    const { body: okBytes, type: okType } = multipart(fields(max));
    expect((await post(TEXT, await okBytes, okType)).status).toBe(200);
    expect(parsed.mock.calls.length).toBe(before + 1);
    // A multipart type without a boundary is refused before any parsing too.
    const calls = parsed.mock.calls.length;
    expect((await post(TEXT, await okBytes, 'multipart/form-data')).status).toBe(415);
    expect(parsed.mock.calls.length).toBe(calls);
    // A part whose value holds the boundary's first characters is one part (the scan matches it whole).
    const { body: dashes, type: dashesType } = multipart([...fields(max - 1), ['tirets', '-- - --x -'.repeat(50)]]);
    expect((await post(TEXT, await dashes, dashesType)).status).toBe(200);
  });

  it('reads the content type as sent: a charset after it, a boundary without a space, « [] » only at the end of a name', async () => {
    const urlencodedUtf8 = await post(TEXT, 'nom=Zo%C3%A9&a%5B%5Db=1', 'application/x-www-form-urlencoded; charset=UTF-8');
    expect(urlencodedUtf8).toEqual({ status: 200, json: { values: { nom: 'Zoé', 'a[]b': '1' }, files: {} } });
    const part = '--abc\r\nContent-Disposition: form-data; name="nom"\r\n\r\nx\r\n--abc--\r\n';
    expect((await post(TEXT, part, 'multipart/form-data;boundary=abc')).json.values).toEqual({ nom: 'x' });
    expect(await post(TEXT, 'nom=x', 'text/plain')).toEqual({
      status: 415,
      json: { message: 'Le formulaire doit être envoyé en multipart/form-data ou application/x-www-form-urlencoded.' },
    });
    expect(await post(TEXT, 'nom=x', 'multipart/form-data; boundary=abc')).toEqual({
      status: 415,
      json: { message: 'Le corps de la requête n’est pas un formulaire lisible.' },
    });
  });

  it('takes 100 values of one name and refuses 101', async () => {
    const { valuesPerField: max } = FORM_POST_LIMITS;
    const same = (n: number) => fields(n, () => 'choix[]');
    const ok = await post(TEXT, urlencoded(same(max)), 'application/x-www-form-urlencoded');
    expect(ok.status).toBe(200);
    expect(ok.json.values?.choix).toHaveLength(max);
    expect((await post(TEXT, urlencoded(same(max + 1)), 'application/x-www-form-urlencoded')).status).toBe(400);
    expect((await sendMultipart(TEXT, same(max + 1))).status).toBe(400);
  });

  it('weighs the text at 256 KB, and a post with files at its files’ limits, in French (413)', async () => {
    expect(formBodyLimit(TEXT)).toBe(FORM_POST_LIMITS.textBytes);
    // A file field without its own limit: CF7's 1 MB.
    expect(formBodyLimit(WITH_FILES)).toBe(FORM_POST_LIMITS.textBytes + 2048 + 1024 * 1024);
    expect(formBodyLimit(model(Array.from({ length: 20 }, (_, i) => field(`f${i}`, 'file'))))).toBe(FORM_POST_LIMITS.totalBytes);
    const body = (bytes: number) => `nom=${'a'.repeat(bytes - 4)}`;
    expect((await post(TEXT, body(FORM_POST_LIMITS.textBytes), 'application/x-www-form-urlencoded')).status).toBe(200);
    const over = await post(TEXT, body(FORM_POST_LIMITS.textBytes + 1), 'application/x-www-form-urlencoded');
    expect(over).toEqual({ status: 413, json: { message: 'L’envoi dépasse la taille autorisée pour ce formulaire.' } });
    // A multipart post is weighed against the form's own limit, not the text's.
    const big = new File([new Uint8Array(FORM_POST_LIMITS.textBytes)], 'cv.pdf');
    expect((await sendMultipart(WITH_FILES, [['cv', big]])).status).toBe(200);
    expect((await sendMultipart(TEXT, [['cv', big]])).status).toBe(413);
  });

  it('counts a body that comes without its length as it streams', async () => {
    const chunks = (n: number, size: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < n; i++) controller.enqueue(new TextEncoder().encode('a'.repeat(size)));
          controller.close();
        },
      });
    const streamed = (n: number) =>
      post(TEXT, chunks(n, 64 * 1024) as unknown as BodyInit, 'application/x-www-form-urlencoded', {}).then((r) => r.status);
    expect(await streamed(4)).toBe(200);
    expect(await streamed(5)).toBe(413);
  });
});
