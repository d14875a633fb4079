// Which parts of the shell a path shows. SPEC §2 says such lists exist without giving them; these
// are ours, in one place, tested (visibility.test.ts).

export const VISIBILITY_RULES = {
  /** The partners strip steps aside on these paths (and below them); the footer, with its legal links, stays. */
  hidePartners: ['/espace-presse', '/categories/preview', '/embargo'],
  /** Pages shown inside the federation's apps (first path segment) have no top bar and no header. */
  hideHeaderForFirstSegment: ['app', 'embed'],
  /** The « Vous êtes journaliste ? S’accréditer » banner is not shown where it would point to itself (the press space has its own), nor while signing in or out. */
  hideAccreditationBanner: ['/accreditations', '/espace-presse', '/connexion', '/deconnexion'],
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
  return {
    topBar: chrome,
    header: chrome,
    partners: !VISIBILITY_RULES.hidePartners.some((p) => under(path, p)),
    footer: true,
    accreditationBanner: !notFound && !VISIBILITY_RULES.hideAccreditationBanner.some((p) => under(path, p)),
  };
}
