import { exports } from 'cloudflare:workers';

export const site = (path: string, init?: RequestInit) => exports.default.fetch(new Request(`http://presse.test${path}`, init));

/** Fetches until the HTML cache answers from KV (its write runs after the response, in waitUntil). */
export async function warm(path: string): Promise<Response> {
  for (let i = 0; i < 40; i++) {
    const res = await site(path);
    await res.text();
    if (res.headers.get('x-ffr-cache') === 'HIT') return res;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${path} never became a cache HIT`);
}
