// The federation main site's addresses the user menu opens (SPEC §2: the dashboard has a
// pre-production variant on non-production hosts).

export function federationLinks(environment: 'development' | 'staging' | 'production') {
  const site = environment === 'production' ? 'https://www.ffr.fr' : 'https://pp.ffr.fr';
  return { personalSpaceUrl: `${site}/mon-espace`, dashboardUrl: `${site}/tableau-de-bord` };
}
