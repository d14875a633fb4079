import { describe, expect, it } from 'vitest';
import type { NavLink } from '../../lib/links';
import { PostCardSchema, type PostCard } from '../../schemas/post';
import { menuPages, renderNewsSitemap, renderRobots, renderSitemap, renderSitemapIndex } from './sitemap';
import { findAll, parseXml, textOf } from './xml-check';

const card = (id: number, date: string, title = `Article ${id}`): PostCard =>
  PostCardSchema.parse({
    id,
    title,
    slug: `article-${id}`,
    link: `/categories/communiques/article-${id}`,
    date,
    background_image: '',
    tag_list: [],
    label: null,
    category: { id: 1, slug: 'communiques', name: 'Communiqués' },
  });

describe('sitemap', () => {
  it('lists URLs with W3C lastmod in Paris time, changefreq and priority', () => {
    const xml = renderSitemap([
      { loc: 'https://presse.ffr.fr/', lastmod: new Date('2026-11-22T13:05:00Z'), changefreq: 'hourly', priority: 1 },
      { loc: 'https://presse.ffr.fr/recherche?query=XV&page=2', lastmod: new Date('2026-07-14T19:00:00.500Z'), priority: 0.55 },
      { loc: 'https://presse.ffr.fr/contact', lastmod: new Date('invalid'), priority: 7 },
    ]);
    const root = parseXml(xml);
    expect(root.attrs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = findAll(root, 'url');
    expect(urls).toHaveLength(3);
    expect(urls.map((u) => textOf(u, 'lastmod'))).toEqual(['2026-11-22T14:05:00+01:00', '2026-07-14T21:00:00+02:00', undefined]);
    expect(textOf(urls[0]!, 'changefreq')).toBe('hourly');
    expect(urls.map((u) => textOf(u, 'priority'))).toEqual(['1.0', '0.6', '1.0']);
    expect(textOf(urls[1]!, 'loc')).toBe('https://presse.ffr.fr/recherche?query=XV&page=2');
    expect(xml).toContain('query=XV&amp;page=2');
  });

  it('refuses more than 50 000 URLs, accepts exactly 50 000', () => {
    const many = Array.from({ length: 50_000 }, (_, i) => ({ loc: `https://presse.ffr.fr/p/${i}` }));
    expect(findAll(parseXml(renderSitemap(many)), 'url')).toHaveLength(50_000);
    expect(() => renderSitemap([...many, { loc: 'https://presse.ffr.fr/x' }])).toThrow(RangeError);
  });

  it('writes a sitemap index', () => {
    const root = parseXml(renderSitemapIndex([{ loc: 'https://presse.ffr.fr/sitemap-1.xml', lastmod: new Date('2026-01-01T00:00:00Z') }]));
    expect(root.name).toBe('sitemapindex');
    expect(textOf(findAll(root, 'sitemap')[0]!, 'lastmod')).toBe('2026-01-01T01:00:00+01:00');
  });
});

describe('Google News sitemap', () => {
  const now = new Date('2026-11-22T12:00:00Z'); // 13h00 Paris
  const items = [
    card(1, '2026-11-22T12:30:00', 'Il y a 30 minutes : « Bleus » & <Blacks>'),
    card(2, '2026-11-20T13:00:00'), // exactly 48 h before now (12:00Z): kept
    card(3, '2026-11-20T12:59:00'), // 48 h and 1 minute: out
    card(4, '2026-11-22T13:30:00'), // scheduled, 30 minutes in the future: out
    card(5, 'pas une date'),
    card(6, '2026-11-21T08:00:00'),
  ];

  it('keeps only the posts of the last 48 hours, newest first', () => {
    const xml = renderNewsSitemap({ siteUrl: 'https://presse.ffr.fr', publicationName: 'FFR Presse', language: 'fr', items, now });
    const root = parseXml(xml);
    expect(root.attrs['xmlns:news']).toBe('http://www.google.com/schemas/sitemap-news/0.9');
    const urls = findAll(root, 'url');
    expect(urls.map((u) => textOf(u, 'loc'))).toEqual([
      'https://presse.ffr.fr/categories/communiques/article-1',
      'https://presse.ffr.fr/categories/communiques/article-6',
      'https://presse.ffr.fr/categories/communiques/article-2',
    ]);
    const news = findAll(urls[0]!, 'news:news')[0]!;
    expect(textOf(findAll(news, 'news:publication')[0]!, 'news:name')).toBe('FFR Presse');
    expect(textOf(findAll(news, 'news:publication')[0]!, 'news:language')).toBe('fr');
    expect(textOf(news, 'news:publication_date')).toBe('2026-11-22T12:30:00+01:00');
    expect(textOf(news, 'news:title')).toBe('Il y a 30 minutes : « Bleus » & <Blacks>');
  });

  it('caps the list at 1 000 articles', () => {
    const lots = Array.from({ length: 1_200 }, (_, i) =>
      card(1000 + i, `2026-11-22T${String(Math.floor(i / 60) % 12).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00`),
    );
    const urls = findAll(
      parseXml(renderNewsSitemap({ siteUrl: 'https://presse.ffr.fr', publicationName: 'FFR Presse', language: 'fr', items: lots, now })),
      'url',
    );
    expect(urls).toHaveLength(1_000);
  });
});

describe('robots.txt', () => {
  it('disallows the given paths and points at both sitemaps', () => {
    expect(
      renderRobots({ siteUrl: 'https://presse.ffr.fr/', disallow: ['/api/', '/categories/preview/', '/api/', '/x\nAllow: /secret'] }),
    ).toBe(
      [
        'User-agent: *',
        'Disallow: /api/',
        'Disallow: /categories/preview/',
        'Disallow: /xAllow: /secret',
        '',
        'Sitemap: https://presse.ffr.fr/sitemap.xml',
        'Sitemap: https://presse.ffr.fr/sitemap-news.xml',
        '',
      ].join('\n'),
    );
  });

  it('allows everything when nothing is disallowed', () => {
    expect(renderRobots({ siteUrl: 'https://presse.ffr.fr', disallow: [] })).toMatch(/^User-agent: \*\nDisallow:\n\nSitemap: /);
  });
});

describe('menuPages', () => {
  const link = (href: string, children: NavLink[] = [], external = false): NavLink => ({ id: 0, label: href, href, external, children });

  it("lists the site's own pages of the menus, sub-items included", () => {
    const items = [
      link('#', [link('/equipes-de-france/xv-de-france-equipe'), link('/equipes-de-france/france-7-equipe')]),
      link('/contact'),
      link('/mentions-legales'),
    ];
    expect(menuPages(items)).toEqual([
      '/equipes-de-france/xv-de-france-equipe',
      '/equipes-de-france/france-7-equipe',
      '/contact',
      '/mentions-legales',
    ]);
  });

  it('leaves out other sites, anchors, queries, categories and the pages that ask not to be indexed', () => {
    const items = [
      link('https://www.ffr.fr', [], true),
      link('/billetterie', [], true),
      link('#'),
      link('/accreditations?evenement=france-japon'),
      link('/contact#plan'),
      link('/categories/xv-de-france'),
      link('/espace-presse'),
      link('/connexion/erreur'),
      link('/recherche'),
      link('/espace-presse-et-medias'),
    ];
    expect(menuPages(items)).toEqual(['/espace-presse-et-medias']);
  });
});
