// URL checks shared by the inline HTML and the blocks. Everything WordPress sends is treated as
// untrusted: a link is kept only when its scheme is on an allow-list, so `javascript:`, `data:`
// and friends never reach an href, a src or an iframe.

const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const WEB_SCHEMES = new Set(['http:', 'https:']);

/**
 * Browsers ignore ASCII tabs and newlines anywhere in a URL and C0 controls and spaces around it
 * ("java\tscript:" is `javascript:`), so the check runs on the URL the browser would see.
 */
function clean(raw: string): string {
  return raw.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
}

/** "/categories/x" but not "//evil.example" nor "/\evil.example" (both mean another host). */
function isSitePath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** A link target: http(s), mailto:, tel: or a site path; anything else → null. */
export function safeHref(raw: string): string | null {
  const url = clean(raw);
  if (!url) return null;
  if (isSitePath(url)) return url;
  const parsed = parse(url);
  return parsed && LINK_SCHEMES.has(parsed.protocol) ? parsed.href : null;
}

/** An image or download address: http(s) or a site path; anything else → null. */
export function safeSrc(raw: string): string | null {
  const url = clean(raw);
  if (!url) return null;
  if (isSitePath(url)) return url;
  const parsed = parse(url);
  return parsed && WEB_SCHEMES.has(parsed.protocol) ? parsed.href : null;
}

/** Absolute http(s) links leave the site: they get rel="noopener" (and a new tab for buttons). */
export function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/** The only hosts an iframe may show (exported so the XSS test checks frames against this very list). */
export const VIDEO_HOSTS: ReadonlySet<string> = new Set([
  'www.youtube-nocookie.com',
  'www.youtube.com',
  'player.vimeo.com',
  'www.dailymotion.com',
]);

/** The embed URL when it may be framed (https and a known video host), else null. */
export function videoEmbedUrl(raw: string): string | null {
  const parsed = parse(clean(raw));
  return parsed && parsed.protocol === 'https:' && VIDEO_HOSTS.has(parsed.hostname) && !parsed.username && !parsed.password
    ? parsed.href
    : null;
}
