// schema.org JSON-LD for search engines (article rich results, breadcrumbs, the federation's
// knowledge panel, event listings). Builders return plain objects; the page shell serialises them
// with `jsonLdScriptContent` into <script type="application/ld+json">.

import type { Article } from '../schemas/article';
import type { Event } from '../schemas/event';
import { SOCIAL_NETWORKS, type Settings } from '../schemas/settings';
import { isoWithParisOffset, parisDate, readWpDate } from '../lib/format/time';
import { absoluteUrl, siteBase, sitePageUrl } from '../lib/site-url';
import { authorHref } from '../lib/authors';

export type JsonLdValue = string | number | boolean | null | JsonLdValue[] | JsonLdObject;
export type JsonLdObject = { [key: string]: JsonLdValue | undefined };

const CONTEXT = 'https://schema.org';
export const FEDERATION_NAME = 'Fédération française de rugby';
/** Google truncates longer NewsArticle headlines (and used to reject them). */
export const HEADLINE_MAX = 110;

/** Drops undefined, empty strings, empty arrays and objects left empty: absent beats blank for crawlers. */
function compact<T extends JsonLdValue | undefined>(value: T): T | undefined {
  if (value === undefined || value === '') return undefined;
  if (Array.isArray(value)) {
    const items = value.map(compact).filter((v): v is JsonLdValue => v !== undefined);
    return (items.length ? items : undefined) as T | undefined;
  }
  if (value !== null && typeof value === 'object') {
    const out: JsonLdObject = {};
    for (const [k, v] of Object.entries(value)) {
      const c = compact(v);
      if (c !== undefined) out[k] = c;
    }
    const meaningful = Object.keys(out).some((k) => k !== '@type' && k !== '@context');
    return (meaningful ? out : undefined) as T | undefined;
  }
  return value;
}

const ld = (obj: JsonLdObject): JsonLdObject => compact(obj) ?? {};

/**
 * Script body for <script type="application/ld+json">: `<` becomes \u003c so that no string from
 * WordPress can close the script (`</script>`) or open an HTML comment; U+2028/U+2029 are escaped
 * for old JavaScript parsers.
 */
export function jsonLdScriptContent(obj: unknown): string {
  return JSON.stringify(obj)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** At most `max` characters (code points), cut on a word boundary when one is near, with an ellipsis. */
export function truncateHeadline(text: string, max = HEADLINE_MAX): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  const head = space >= cut.length * 0.7 ? cut.slice(0, space) : cut;
  return `${head.replace(/[\s,;:–-]+$/u, '')}…`;
}

const iso = (value: string) => {
  const d = readWpDate(value);
  return d ? isoWithParisOffset(d) : undefined;
};

export type PublisherRef = { name: string; url: string; logo: string };

/** The federation as the publisher of the site's articles. */
export const publisher = (settings: Settings, origin: string): PublisherRef => ({
  name: FEDERATION_NAME,
  url: origin,
  logo: settings.logo,
});

function organizationRef(org: PublisherRef, siteUrl: string): JsonLdObject {
  return {
    '@type': 'Organization',
    name: org.name,
    url: org.url,
    logo: org.logo ? { '@type': 'ImageObject', url: absoluteUrl(siteUrl, org.logo) } : undefined,
  };
}

/** Canonical URL of an article: its WordPress link on the site, or the article route. */
function articleUrl(article: Article, siteUrl: string): string {
  const path = article.link || (article.category ? `/categories/${article.category.slug}/${article.slug}` : `/${article.slug}`);
  return sitePageUrl(siteUrl, path);
}

export function newsArticleLd(article: Article, opts: { siteUrl: string; organization: PublisherRef }): JsonLdObject {
  const url = articleUrl(article, opts.siteUrl);
  const published = iso(article.date);
  const images = [article.illustration, ...article.blocs.flatMap((b) => (b.type === 'image' ? [b.image.src] : []))]
    .map((src) => absoluteUrl(opts.siteUrl, src))
    .filter(Boolean);
  const author = article.auteur?.nom.trim()
    ? // The author's page on this site (/auteurs/{slug}), not WordPress's /author/ address that redirects there.
      {
        '@type': 'Person',
        name: article.auteur.nom.trim(),
        url: absoluteUrl(opts.siteUrl, authorHref(article.auteur.author_link) ?? article.auteur.author_link),
      }
    : organizationRef(opts.organization, opts.siteUrl); // Google wants an author; the federation signs unsigned news.
  return ld({
    '@context': CONTEXT,
    '@type': 'NewsArticle',
    headline: truncateHeadline(article.title),
    description: article.meta_description || article.excerpt,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    datePublished: published,
    dateModified: iso(article.modified) ?? published,
    author: [author],
    image: [...new Set(images)],
    publisher: organizationRef(opts.organization, opts.siteUrl),
    articleSection: article.category?.name,
    keywords: [...new Set(article.tags.map((t) => t.name.trim()).filter(Boolean))],
    inLanguage: 'fr-FR',
  });
}

export function breadcrumbLd(items: Array<{ name: string; url: string }>): JsonLdObject {
  return ld({
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: item.url })),
  });
}

export function organizationLd(settings: Settings, siteUrl: string): JsonLdObject {
  const { telephone, email } = settings.contacts;
  return ld({
    '@context': CONTEXT,
    '@type': 'Organization',
    name: FEDERATION_NAME,
    url: `${siteBase(siteUrl)}/`,
    logo: settings.logo ? { '@type': 'ImageObject', url: absoluteUrl(siteUrl, settings.logo) } : undefined,
    sameAs: SOCIAL_NETWORKS.map(([key]) => settings[key].trim()).filter(Boolean),
    contactPoint:
      telephone.trim() || email.trim()
        ? [
            {
              '@type': 'ContactPoint',
              telephone: telephone.trim(),
              email: email.trim(),
              contactType: 'press',
              areaServed: 'FR',
              availableLanguage: 'French',
            },
          ]
        : undefined,
  });
}

/** Start and end as ISO instants with the Paris offset, or as plain dates for all-day events. */
function eventDates(event: Event): { startDate?: string; endDate?: string } {
  const start = readWpDate(event.startDate);
  const end = readWpDate(event.endDate);
  if (event.all_day)
    return { startDate: start ? parisDate(start) : undefined, endDate: end ? parisDate(end) : start ? parisDate(start) : undefined };
  return { startDate: start ? isoWithParisOffset(start) : undefined, endDate: end ? isoWithParisOffset(end) : undefined };
}

export function sportsEventLd(event: Event, siteUrl: string): JsonLdObject {
  // 0 is the schema's "missing" value; no venue of the federation sits on the equator.
  const hasGeo = event.lat !== 0 && event.long !== 0;
  return ld({
    '@context': CONTEXT,
    '@type': 'SportsEvent',
    name: event.title,
    description: event.description,
    url: `${siteBase(siteUrl)}/evenements/${event.slug}`,
    ...eventDates(event),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    sport: 'Rugby',
    image: [absoluteUrl(siteUrl, event.image)],
    location: {
      '@type': 'Place',
      name: event.venue,
      address: {
        '@type': 'PostalAddress',
        streetAddress: event.adress,
        postalCode: event.zip,
        addressLocality: event.city,
        addressCountry: 'FR',
      },
      geo: hasGeo ? { '@type': 'GeoCoordinates', latitude: event.lat, longitude: event.long } : undefined,
    },
    organizer: { '@type': 'Organization', name: event.organizer.trim() || FEDERATION_NAME, url: `${siteBase(siteUrl)}/` },
  });
}
