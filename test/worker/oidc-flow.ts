import { site } from './helpers';
import { upstream } from './upstream-control';

// A whole sign-in, as a browser does it: the site's sign-in form, the provider's login page and
// the code coming back to the site's callback. Requests to the site go to the worker in-process;
// requests to the provider go over the network.

const SITE = 'http://presse.test';

/** A browser's cookie jar: each answer's Set-Cookie applied in the order the answers arrive. */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

async function go(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (jar.cookies.size > 0) headers.set('cookie', jar.header());
  const request = new Request(url, { ...init, headers, redirect: 'manual' });
  const response = url.startsWith(SITE)
    ? await site(url, { method: request.method, headers: request.headers, body: init.body, redirect: 'manual' })
    : await fetch(request);
  jar.store(response);
  return response;
}

/**
 * Signs in through the local provider; returns the site's cookies (the session among them).
 * `whileAtProvider` runs once the sign-in has started, with the cookies the browser sent before it
 * (a request that left the page then and answers now).
 */
export async function signInThroughProvider(
  email: string,
  options: { password?: string; callbackUrl?: string; whileAtProvider?: (cookieBefore: string) => Promise<Response> } = {},
): Promise<{ cookie: string; landedOn: string; jar: CookieJar }> {
  const { password = 'Rugby2026!', callbackUrl = '/espace-presse' } = options;
  const site = new CookieJar();
  const idp = new CookieJar();
  const csrf = (await (await go(site, `${SITE}/api/auth/csrf`)).json()) as { csrfToken: string };
  const before = site.header();
  let res = await go(site, `${SITE}/api/auth/signin/ffr`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl }),
  });
  if (options.whileAtProvider) site.store(await options.whileAtProvider(before));
  let location = res.headers.get('location') ?? '';
  // Provider: authorization request → login page.
  for (let hop = 0; hop < 10 && location.startsWith(upstream.base); hop++) {
    res = await go(idp, location);
    location = res.headers.get('location') ? new URL(res.headers.get('location')!, upstream.base).href : '';
  }
  const html = await res.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no login form (${res.status})`);
  res = await go(idp, new URL(action.replaceAll('&amp;', '&'), upstream.base).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }),
  });
  location = new URL(res.headers.get('location') ?? '', upstream.base).href;
  for (let hop = 0; hop < 10 && location.startsWith(upstream.base); hop++) {
    res = await go(idp, location);
    location = new URL(res.headers.get('location') ?? '', upstream.base).href;
  }
  // Back on the site: the callback sets the session and sends the reader where they were going.
  if (!location.startsWith(`${SITE}/api/auth/callback/ffr`)) throw new Error(`did not come back to the site: ${location}`);
  res = await go(site, location);
  return { cookie: site.header(), landedOn: res.headers.get('location') ?? '', jar: site };
}
