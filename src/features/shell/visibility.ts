// Which parts of the shell a path shows. SPEC §2 says such lists exist without giving them; these
// are ours, in one place, tested (visibility.test.ts).

export const VISIBILITY_RULES = {
  /** The partners strip and the footer step aside on these paths (and below them). */
  hidePartnersAndFooter: ['/espace-presse', '/categories/preview'],
  /** Pages shown inside the federation's apps (first path segment) have no top bar and no header. */
  hideHeaderForFirstSegment: ['app', 'embed'],
  /** The « Vous êtes journaliste ? Accréditez-vous » banner is not shown where it would point to itself. */
  hideAccreditationBanner: ['/accreditations'],
} as const;

export type ShellVisibility = {
  topBar: boolean;
  header: boolean;
  partners: boolean;
  footer: boolean;
  accreditationBanner: boolean;
};

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export function shellVisibility(pathname: string, { notFound = false } = {}): ShellVisibility {
  const path = pathname.replace(/\/+$/, '') || '/';
  const first = path.split('/')[1] ?? '';
  const chrome = !(VISIBILITY_RULES.hideHeaderForFirstSegment as readonly string[]).includes(first);
  const bottom = !VISIBILITY_RULES.hidePartnersAndFooter.some((p) => under(path, p));
  return {
    topBar: chrome,
    header: chrome,
    partners: bottom,
    footer: bottom,
    accreditationBanner: !notFound && !VISIBILITY_RULES.hideAccreditationBanner.some((p) => under(path, p)),
  };
}
