import { describe, expect, it } from 'vitest';
import { ArticleSchema } from '../schemas/article';
import { EventSchema } from '../schemas/event';
import { SettingsSchema } from '../schemas/settings';
import { breadcrumbLd, jsonLdScriptContent, newsArticleLd, organizationLd, sportsEventLd, truncateHeadline } from './json-ld';

const SITE = 'https://presse.ffr.fr';
const organization = { name: 'Fédération française de rugby', url: 'https://presse.ffr.fr/', logo: '/images/logo-ffr.svg' };

const article = ArticleSchema.parse({
  id: 42,
  title: 'XV de France : Fabien Galthié dévoile la liste des 42 joueurs retenus pour la tournée d’automne face aux All Blacks',
  slug: 'liste-des-42',
  link: 'https://api.presse.ffr.fr/categories/equipe-de-france/liste-des-42',
  date: '2026-11-02T09:30:00',
  modified: '2026-07-01T18:00:00',
  illustration: 'https://media.ffr.fr/2026/11/liste.jpg',
  blocs: [
    { type: 'paragraph', content: 'Texte' },
    { type: 'image', image: { src: '/uploads/groupe.jpg', alt: '', width: 1280, height: 720 }, caption: '' },
    { type: 'image', image: { src: 'https://media.ffr.fr/2026/11/liste.jpg', alt: '', width: 1280, height: 720 }, caption: '' },
  ],
  tags: [
    { id: 1, name: 'XV de France', slug: 'xv', link: '', source: 'tag' },
    { id: 2, name: 'Tournée d’automne', slug: 'automne', link: '', source: 'tag' },
    { id: 4, name: '</script><script>alert(1)</script>', slug: 'x', link: '', source: 'tag' },
  ],
  auteur: {
    nom: 'Service de presse',
    author_link: '/auteurs/presse',
    description: '',
    role_edition: '',
    avatar_urls: {},
    phone_number: '',
    email: '',
  },
  category: { id: 3, slug: 'equipe-de-france', name: 'Équipe de France' },
  meta_description: 'La liste des 42.',
});

describe('NewsArticle', () => {
  const ld = newsArticleLd(article, { siteUrl: SITE, organization });

  it('has the required fields, dates with the Paris offset and absolute URLs', () => {
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('NewsArticle');
    expect(ld.datePublished).toBe('2026-11-02T09:30:00+01:00');
    expect(ld.dateModified).toBe('2026-07-01T18:00:00+02:00');
    expect(ld.url).toBe('https://presse.ffr.fr/categories/equipe-de-france/liste-des-42');
    expect(ld.mainEntityOfPage).toEqual({ '@type': 'WebPage', '@id': 'https://presse.ffr.fr/categories/equipe-de-france/liste-des-42' });
    expect(ld.image).toEqual(['https://media.ffr.fr/2026/11/liste.jpg', 'https://presse.ffr.fr/uploads/groupe.jpg']);
    expect(ld.author).toEqual([{ '@type': 'Person', name: 'Service de presse', url: 'https://presse.ffr.fr/auteurs/presse' }]);
    expect(ld.publisher).toEqual({
      '@type': 'Organization',
      name: 'Fédération française de rugby',
      url: 'https://presse.ffr.fr/',
      logo: { '@type': 'ImageObject', url: 'https://presse.ffr.fr/images/logo-ffr.svg' },
    });
    expect(ld.articleSection).toBe('Équipe de France');
    expect(ld.keywords).toEqual(['XV de France', 'Tournée d’automne', '</script><script>alert(1)</script>']);
    expect(ld.description).toBe('La liste des 42.');
  });

  it('keeps the headline within 110 characters', () => {
    const headline = ld.headline as string;
    expect(Array.from(headline).length).toBeLessThanOrEqual(110);
    expect(headline.endsWith('…')).toBe(true);
    expect(headline.startsWith('XV de France : Fabien Galthié')).toBe(true);
    expect(truncateHeadline('Court')).toBe('Court');
    expect(Array.from(truncateHeadline('🏉'.repeat(200))).length).toBe(110); // never splits a surrogate pair
  });

  it('falls back to the organisation as author and drops empty fields', () => {
    const bare = ArticleSchema.parse({
      id: 1,
      title: 'Brève',
      slug: 'breve',
      date: '2026-11-02T09:30:00',
      category: { id: 3, slug: 'communiques', name: 'Communiqués' },
    });
    const ldBare = newsArticleLd(bare, { siteUrl: SITE, organization });
    expect(ldBare.author).toEqual([ldBare.publisher]);
    expect(ldBare.url).toBe('https://presse.ffr.fr/categories/communiques/breve');
    expect(ldBare.dateModified).toBe(ldBare.datePublished);
    expect('image' in ldBare).toBe(false);
    expect('keywords' in ldBare).toBe(false);
    expect('description' in ldBare).toBe(false);
  });
});

describe('script content', () => {
  it('can never close the script element', () => {
    const text = jsonLdScriptContent(newsArticleLd(article, { siteUrl: SITE, organization }));
    expect(text).not.toMatch(/<\/script/i);
    expect(text).not.toContain('<');
    expect(text).toContain('\\u003c/script>');
    expect(JSON.parse(text).keywords).toContain('</script><script>alert(1)</script>'); // same data once parsed
    expect(jsonLdScriptContent({ a: 'x\u2028y<!--' })).toBe('{"a":"x\\u2028y\\u003c!--"}');
    expect(JSON.parse(jsonLdScriptContent({ a: 'x\u2028y<!--' })).a).toBe('x\u2028y<!--');
  });
});

describe('BreadcrumbList', () => {
  it('numbers positions from 1', () => {
    expect(
      breadcrumbLd([
        { name: 'Accueil', url: 'https://presse.ffr.fr/' },
        { name: 'Équipe de France', url: 'https://presse.ffr.fr/categories/equipe-de-france' },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Accueil', item: 'https://presse.ffr.fr/' },
        { '@type': 'ListItem', position: 2, name: 'Équipe de France', item: 'https://presse.ffr.fr/categories/equipe-de-france' },
      ],
    });
  });
});

describe('Organization', () => {
  it('lists the non-empty social links and the press contact point', () => {
    const settings = SettingsSchema.parse({
      logo: 'https://media.ffr.fr/logo.png',
      fb_lien: 'https://www.facebook.com/FFRugby',
      twitter_lien: '',
      instagram_lien: 'https://www.instagram.com/ffrugby',
      tik_tok_lien: 'https://www.tiktok.com/@ffr',
      youtube_lien: '   ',
      contacts: { telephone: '+33 1 69 63 64 65', email: 'presse@ffr.fr' },
    });
    expect(organizationLd(settings, SITE)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Fédération française de rugby',
      url: 'https://presse.ffr.fr/',
      logo: { '@type': 'ImageObject', url: 'https://media.ffr.fr/logo.png' },
      sameAs: ['https://www.facebook.com/FFRugby', 'https://www.instagram.com/ffrugby', 'https://www.tiktok.com/@ffr'],
      contactPoint: [
        {
          '@type': 'ContactPoint',
          telephone: '+33 1 69 63 64 65',
          email: 'presse@ffr.fr',
          contactType: 'press',
          areaServed: 'FR',
          availableLanguage: 'French',
        },
      ],
    });
  });

  it('omits what the settings do not have', () => {
    const ld = organizationLd(SettingsSchema.parse({}), SITE);
    expect(Object.keys(ld).sort()).toEqual(['@context', '@type', 'name', 'url']);
  });
});

describe('SportsEvent', () => {
  const base = {
    id: 9001,
    startDate: '2026-11-29T21:10:00',
    endDate: '2026-11-29T23:10:00',
    title: 'France – Nouvelle-Zélande',
    slug: 'france-nouvelle-zelande-2026-11-29',
    image: '/uploads/ffr-nz.jpg',
    description: 'Test-match de la tournée d’automne.',
    venue: 'Stade de France',
    adress: 'ZAC du Cornillon Nord',
    zip: '93216',
    city: 'Saint-Denis',
    organizer: '',
    lat: 48.9244,
    long: 2.3601,
    all_day: false,
  };

  it('describes a timed match with the Paris offset, place, geo and organiser', () => {
    const ld = sportsEventLd(EventSchema.parse(base), SITE);
    expect(ld).toMatchObject({
      '@type': 'SportsEvent',
      name: 'France – Nouvelle-Zélande',
      startDate: '2026-11-29T21:10:00+01:00',
      endDate: '2026-11-29T23:10:00+01:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      url: 'https://presse.ffr.fr/evenements/france-nouvelle-zelande-2026-11-29',
      image: ['https://presse.ffr.fr/uploads/ffr-nz.jpg'],
      description: 'Test-match de la tournée d’automne.',
      location: {
        '@type': 'Place',
        name: 'Stade de France',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'ZAC du Cornillon Nord',
          postalCode: '93216',
          addressLocality: 'Saint-Denis',
          addressCountry: 'FR',
        },
        geo: { '@type': 'GeoCoordinates', latitude: 48.9244, longitude: 2.3601 },
      },
      organizer: { '@type': 'Organization', name: 'Fédération française de rugby', url: 'https://presse.ffr.fr/' },
    });
  });

  it('uses plain dates for all-day events and leaves out geo at 0,0', () => {
    const ld = sportsEventLd(
      EventSchema.parse({
        ...base,
        all_day: true,
        startDate: '2026-07-03T00:00:00',
        endDate: '2026-07-05T23:59:59',
        lat: 0,
        long: 0,
        organizer: 'Ligue Île-de-France',
      }),
      SITE,
    );
    expect(ld.startDate).toBe('2026-07-03');
    expect(ld.endDate).toBe('2026-07-05');
    expect((ld.location as Record<string, unknown>).geo).toBeUndefined();
    expect((ld.organizer as Record<string, unknown>).name).toBe('Ligue Île-de-France');
  });
});
