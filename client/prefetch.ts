// SPEC §9 "link prefetch margin 200 px": a page link is fetched ahead as soon as it comes within
// 200 px of the viewport, so the next page opens at once. `<link rel="prefetch">` rather than
// Speculation Rules: it needs no inline script under our CSP, and Chromium keeps a prefetched
// document for five minutes even when it says `no-cache` (only `no-store` answers are not kept,
// and those are the personal pages, which are not worth fetching ahead anyway).

const MARGIN = '200px';
// Beyond this a page has shown its reader plenty; the rest is fetched on click, as before.
const MOST_PER_PAGE = 24;
// Never fetched ahead: what is not a page or acts when fetched (sign-in, sign-out), and searches,
// each of which would be a paid search query that nobody may read.
const NOT_PAGES = /^\/(api|connexion|deconnexion|assets|images|recherche)(\/|$)|\.(xml|ics|zip|pdf|json|txt)$/;

export function prefetchNearLinks(): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (!('IntersectionObserver' in window) || connection?.saveData || /2g/.test(connection?.effectiveType ?? '')) return;
  const fetched = new Set<string>([pageKey(location.href)]);
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const url = pageKey((entry.target as HTMLAnchorElement).href);
        if (fetched.has(url) || fetched.size > MOST_PER_PAGE) continue;
        fetched.add(url);
        const link = document.createElement('link');
        link.rel = 'prefetch';
        link.as = 'document';
        link.href = url;
        document.head.appendChild(link);
      }
    },
    { rootMargin: MARGIN },
  );
  const watch = (root: Pick<Document, 'querySelectorAll'>) => {
    for (const a of root.querySelectorAll<HTMLAnchorElement>('a[href]')) if (isPageLink(a)) observer.observe(a);
  };
  watch(document);
  // Links that islands add later (« Voir plus », the search panel, menus).
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        if (node instanceof HTMLAnchorElement && isPageLink(node)) observer.observe(node);
        watch(node);
      }
  }).observe(document.body, { childList: true, subtree: true });
}

function isPageLink(a: HTMLAnchorElement): boolean {
  if ((a.target && a.target !== '_self') || a.hasAttribute('download') || a.closest('[data-no-prefetch]')) return false;
  return isPageUrl(a.href, location.href);
}

/** Whether an address is a page of this site, worth fetching ahead. */
export function isPageUrl(href: string, base: string): boolean {
  const url = new URL(href, base);
  return url.origin === new URL(base).origin && (url.protocol === 'https:' || url.protocol === 'http:') && !NOT_PAGES.test(url.pathname);
}

/** The fragment is no part of what is fetched. */
const pageKey = (href: string) => href.split('#')[0] ?? href;
