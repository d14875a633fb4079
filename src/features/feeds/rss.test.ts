import { describe, expect, it } from 'vitest';
import { PostCardSchema, type PostCard } from '../../schemas/post';
import { guessMediaType, renderRss } from './rss';
import { findAll, parseXml, textOf } from './xml-check';

const card = (over: Record<string, unknown>): PostCard =>
  PostCardSchema.parse({
    id: 1,
    title: 'Titre',
    slug: 'titre',
    link: '/categories/equipe-de-france/titre',
    date: '2026-11-22T14:05:00',
    background_image: '',
    tag_list: [],
    label: null,
    category: { id: 3, slug: 'equipe-de-france', name: 'Équipe de France' },
    ...over,
  });

const items = [
  card({
    id: 101,
    title: 'XV de France : la composition face aux « Blacks » & co <officiel>',
    link: 'https://api.presse.ffr.fr/categories/equipe-de-france/composition-xv?ref=wp',
    background_image: 'https://media.ffr.fr/2026/11/compo.JPG',
    tag_list: [
      { id: 1, name: 'XV de France', slug: 'xv', link: '', source: 'tag' },
      { id: 2, name: 'Autumn Nations Series', slug: 'ans', link: '', source: 'tag' },
      { id: 3, name: 'XV de France', slug: 'xv', link: '', source: 'categorie' },
    ],
  }),
  card({ id: 102, title: 'Été\u0001 : stage à Marcoussis', date: '2026-07-14T21:00:00', background_image: '/uploads/stage.webp' }),
  card({ id: 103, title: 'Date illisible', date: 'pas une date', link: '', slug: 'illisible' }),
];

const render = () =>
  renderRss({
    title: 'FFR Presse — Actualités',
    description: 'Les communiqués de la Fédération française de rugby',
    siteUrl: 'https://presse.ffr.fr/',
    feedUrl: 'https://presse.ffr.fr/rss.xml',
    items,
    excerpts: new Map([[101, 'Fabien Galthié a dévoilé le groupe <b>retenu</b>.']]),
    creators: { 102: 'Service de presse' },
    language: 'fr-FR',
    lastBuildDate: new Date('2026-11-22T15:00:00Z'),
  });

describe('RSS 2.0 feed', () => {
  it('is well-formed, with the channel metadata and atom:link rel=self', () => {
    const xml = render();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    const rss = parseXml(xml);
    expect(rss.name).toBe('rss');
    expect(rss.attrs['xmlns:atom']).toBe('http://www.w3.org/2005/Atom');
    const [channel] = findAll(rss, 'channel');
    expect(textOf(channel!, 'title')).toBe('FFR Presse — Actualités');
    expect(textOf(channel!, 'link')).toBe('https://presse.ffr.fr/');
    expect(textOf(channel!, 'language')).toBe('fr-FR');
    expect(textOf(channel!, 'lastBuildDate')).toBe('Sun, 22 Nov 2026 15:00:00 GMT');
    const [self] = findAll(channel!, 'atom:link');
    expect(self?.attrs).toEqual({ href: 'https://presse.ffr.fr/rss.xml', rel: 'self', type: 'application/rss+xml' });
  });

  it('writes one item per card with absolute links, guid, RFC 822 dates from Paris time', () => {
    const channel = findAll(parseXml(render()), 'channel')[0]!;
    const [a, b, c] = findAll(channel, 'item');
    expect(findAll(channel, 'item')).toHaveLength(3);

    expect(textOf(a!, 'title')).toBe('XV de France : la composition face aux « Blacks » & co <officiel>');
    expect(textOf(a!, 'link')).toBe('https://presse.ffr.fr/categories/equipe-de-france/composition-xv?ref=wp');
    const guid = findAll(a!, 'guid')[0]!;
    expect(guid.text).toBe(textOf(a!, 'link'));
    expect(guid.attrs.isPermaLink).toBe('true');
    expect(textOf(a!, 'pubDate')).toBe('Sun, 22 Nov 2026 13:05:00 GMT'); // 14h05 Paris, UTC+1
    expect(textOf(b!, 'pubDate')).toBe('Tue, 14 Jul 2026 19:00:00 GMT'); // 21h00 Paris, UTC+2
    expect(textOf(c!, 'pubDate')).toBeUndefined();
    expect(textOf(c!, 'link')).toBe('https://presse.ffr.fr/categories/equipe-de-france/illisible');

    expect(textOf(a!, 'description')).toBe('Fabien Galthié a dévoilé le groupe <b>retenu</b>.');
    expect(textOf(b!, 'description')).toBeUndefined();
    expect(textOf(b!, 'dc:creator')).toBe('Service de presse');
    expect(textOf(b!, 'title')).toBe('Été : stage à Marcoussis'); // control character dropped
  });

  it('lists the tag names as categories (deduplicated) and the image as an enclosure', () => {
    const [a, b, c] = findAll(parseXml(render()), 'item');
    expect(findAll(a!, 'category').map((x) => x.text)).toEqual(['XV de France', 'Autumn Nations Series']);
    expect(findAll(a!, 'enclosure')[0]?.attrs).toEqual({ url: 'https://media.ffr.fr/2026/11/compo.JPG', length: '0', type: 'image/jpeg' });
    expect(findAll(b!, 'enclosure')[0]?.attrs.url).toBe('https://presse.ffr.fr/uploads/stage.webp');
    expect(findAll(b!, 'enclosure')[0]?.attrs.type).toBe('image/webp');
    expect(findAll(c!, 'enclosure')).toHaveLength(0);
  });

  it('guesses media types from extensions', () => {
    expect(guessMediaType('https://x.fr/a.png?w=640#x')).toBe('image/png');
    expect(guessMediaType('/a.svg')).toBe('image/svg+xml');
    expect(guessMediaType('/a')).toBe('application/octet-stream');
  });

  it('renders an empty channel', () => {
    const xml = renderRss({
      title: 't',
      description: 'd',
      siteUrl: 'https://presse.ffr.fr',
      feedUrl: 'https://presse.ffr.fr/rss.xml',
      items: [],
      lastBuildDate: new Date(0),
    });
    expect(findAll(parseXml(xml), 'item')).toHaveLength(0);
    expect(xml).toContain('<language>fr-FR</language>');
  });
});
