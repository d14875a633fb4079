// Articles may redirect elsewhere (`redirection`), but only to the federation's own sites: an
// editor's typo or a compromised field must not turn the newsroom into an open redirector. The
// target is resolved as a browser resolves a Location header (WHATWG URL: « /\evil.example » and
// « /\t/evil.example » are another host), then its origin is compared.

export const REDIRECT_HOSTS = ['ffr.fr'];

export function isAllowedRedirect(target: string, ownHost: string): boolean {
  // An address (with its scheme) or a site path; a bare word is an editor's slip, not a place.
  if (!/^[a-z][a-z\d+.-]*:|^\//i.test(target.trim())) return false;
  let url: URL;
  try {
    url = new URL(target, `https://${ownHost}/`);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return host === ownHost.toLowerCase() || REDIRECT_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
