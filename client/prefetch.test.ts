import { describe, expect, it } from 'vitest';
import { isPageUrl } from './prefetch';

const BASE = 'https://presse.ffr.fr/categories/xv-de-france';

describe('what is fetched ahead', () => {
  it('takes the pages of the site', () => {
    for (const path of ['/', '/categories/xv-de-france?page=2', '/equipes/xv-de-france', '/espace-presse', '/accreditations'])
      expect(isPageUrl(path, BASE), path).toBe(true);
  });

  it('never what acts or costs when fetched: sign-in and sign-out, the API, searches, files, other sites', () => {
    for (const path of [
      '/connexion/compte-ffr?callbackUrl=%2F',
      '/connexion',
      '/deconnexion',
      '/api/auth/session',
      '/recherche?s=dupont',
      '/evenements/tournoi.ics',
      '/feed.xml',
      'https://www.ffr.fr/actualites',
      'mailto:presse@ffr.fr',
    ])
      expect(isPageUrl(path, BASE), path).toBe(false);
  });
});
