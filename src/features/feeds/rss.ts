// RSS 2.0 feed of post cards, for journalists' feed readers and newsroom tools.

import type { PostCard } from '../../schemas/post';
import { readWpDate } from '../../lib/format/time';
import { cardPath, absoluteUrl, sitePageUrl, siteBase } from '../../lib/site-url';
import { xmlAttrs, xmlElement } from './xml';

/** Extra text per post id; a Map or a plain object keyed by id. */
export type PerPost = ReadonlyMap<number, string> | Readonly<Record<number, string>>;

export type RssOptions = {
  title: string;
  description: string;
  siteUrl: string;
  /** The feed's own URL, for atom:link rel="self" (feed validators require it). */
  feedUrl: string;
  items: PostCard[];
  /** Plain-text summaries by post id; a card carries none. */
  excerpts?: PerPost;
  /** Author names by post id, written as dc:creator (RSS <author> would need an e-mail address). */
  creators?: PerPost;
  language?: string;
  lastBuildDate: Date;
};

const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

/** MIME type from the file extension; readers need one and the feed never fetches the file. */
export function guessMediaType(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  return IMAGE_TYPES[ext] ?? 'application/octet-stream';
}

/** RFC 822 date as RSS wants it: "Sun, 22 Nov 2026 13:05:00 GMT". */
export function rfc822(date: Date): string {
  return date.toUTCString();
}

function lookup(map: PerPost | undefined, id: number): string {
  if (!map) return '';
  const v = map instanceof Map ? map.get(id) : (map as Readonly<Record<number, string>>)[id];
  return typeof v === 'string' ? v.trim() : '';
}

function renderItem(card: PostCard, o: RssOptions): string {
  const link = sitePageUrl(o.siteUrl, cardPath(card));
  const published = readWpDate(card.date);
  const excerpt = lookup(o.excerpts, card.id);
  const creator = lookup(o.creators, card.id);
  const image = absoluteUrl(o.siteUrl, card.background_image);
  const tags = [...new Set(card.tag_list.map((t) => t.name.trim()).filter(Boolean))];
  const lines = [
    xmlElement('title', card.title),
    xmlElement('link', link),
    xmlElement('guid', link, { isPermaLink: 'true' }),
    published ? xmlElement('pubDate', rfc822(published)) : '',
    excerpt ? xmlElement('description', excerpt) : '',
    creator ? xmlElement('dc:creator', creator) : '',
    ...tags.map((name) => xmlElement('category', name)),
    // Length is unknown without fetching the file; the RSS board allows 0 in that case.
    image ? `<enclosure${xmlAttrs({ url: image, length: '0', type: guessMediaType(image) })}/>` : '',
  ];
  return `<item>${lines.filter(Boolean).join('')}</item>`;
}

export function renderRss(o: RssOptions): string {
  const head = [
    xmlElement('title', o.title),
    xmlElement('link', `${siteBase(o.siteUrl)}/`),
    xmlElement('description', o.description),
    xmlElement('language', o.language ?? 'fr-FR'),
    xmlElement('lastBuildDate', rfc822(o.lastBuildDate)),
    `<atom:link${xmlAttrs({ href: o.feedUrl, rel: 'self', type: 'application/rss+xml' })}/>`,
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    ...head,
    ...o.items.map((card) => renderItem(card, o)),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
