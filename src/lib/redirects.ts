// Articles may redirect elsewhere (`redirection`), but only to the federation's own sites: an
// editor's typo or a compromised field must not turn the newsroom into an open redirector.

export const REDIRECT_HOSTS = ['ffr.fr'];

export function isAllowedRedirect(target: string, ownHost: string): boolean {
  if (target.startsWith('/') && !target.startsWith('//')) return true;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return host === ownHost || REDIRECT_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
