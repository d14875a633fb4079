// SPEC §2: the site's own Contact Form 7 forms. No other form of the federation's WordPress (an
// internal one, a test) is ever read or sent through the site, whatever slug an address asks for.

export const SITE_FORMS = [
  'contactez-nous-modal',
  'contactez-nous',
  'evenements-presse',
  'accreditation-evenements-presse',
  'rencontres-internationales',
  'accreditation-rencontres-internationales',
  'media-francais-sans-carte',
  'accreditation-media-francais-sans-carte',
] as const;

export const isSiteForm = (slug: string): boolean => (SITE_FORMS as readonly string[]).includes(slug);
