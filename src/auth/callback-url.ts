// A callbackUrl is only ever a path of this site: anything else (another host, a protocol-relative
// URL, a backslash trick, javascript:) becomes the home page.

export function safeCallbackPath(raw: string | null | undefined, origin: string): string {
  if (!raw) return '/';
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(origin).origin) return '/';
  if (/^[\\/]{2}/.test(raw.replace(/^https?:/i, '')) && !raw.startsWith(origin)) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Auth.js decodes it: a broken escape (« /%ZZ ») would make it fail with a 500.
  try {
    decodeURIComponent(path);
  } catch {
    return '/';
  }
  return path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

/** Starts the sign-in at the provider and comes back to `here` (features/accounts/sign-in.page.tsx). */
export const SIGN_IN_PATH = '/connexion/compte-ffr';
export const signInPath = (here: string) => `${SIGN_IN_PATH}?${new URLSearchParams({ callbackUrl: here })}`;
