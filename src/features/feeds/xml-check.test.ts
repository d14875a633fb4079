import { describe, expect, it } from 'vitest';
import { renderRss } from './rss';
import { renderSitemap } from './sitemap';
import { findAll, parseXml, textOf } from './xml-check';

// The checker the feed tests read their output with: it must refuse what a feed reader would refuse
// (XML 1.0 well-formedness) and accept any well-formed document, not only the shapes our writer makes.

const feed = () =>
  renderRss({
    title: 'FFR Presse',
    description: 'Communiqués',
    siteUrl: 'https://presse.ffr.fr',
    feedUrl: 'https://presse.ffr.fr/rss.xml',
    items: [],
    lastBuildDate: new Date(0),
  });

describe('the test XML checker', () => {
  it('accepts the feeds as written', () => {
    expect(parseXml(feed()).name).toBe('rss');
    const sitemap = renderSitemap([{ loc: 'https://presse.ffr.fr/recherche?query=XV&page=2' }]);
    expect(textOf(findAll(parseXml(sitemap), 'url')[0]!, 'loc')).toBe('https://presse.ffr.fr/recherche?query=XV&page=2');
  });

  it('refuses a feed left unclosed, with an HTML entity or a bare "&", or with a second root', () => {
    const xml = feed();
    const broken = {
      unclosed: xml.replace('</rss>', ''),
      'HTML entity': xml.replace('<title>FFR Presse</title>', '<title>FFR&nbsp;Presse</title>'),
      'bare &': xml.replace('<title>FFR Presse</title>', '<title>FFR & Presse</title>'),
      'two roots': `${xml}<rss version="2.0"/>`,
      'two roots, the first empty': '<?xml version="1.0"?>\n<urlset/>\n<urlset/>',
      'text after the root': `${xml}fin`,
    };
    for (const [why, bad] of Object.entries(broken)) expect(() => parseXml(bad), why).toThrow();
  });

  it('accepts what is well-formed though our writer never makes it', () => {
    const doc = parseXml(
      '<?xml version="1.0" encoding="UTF-8"?>\n<?xml-stylesheet type="text/xsl" href="/sitemap.xsl"?>\n' +
        '<!-- généré -->\n<flux><description><![CDATA[<b>gras</b> & co]]></description><équipe nom="XV"/></flux>',
    );
    expect(textOf(doc, 'description')).toBe('<b>gras</b> & co');
    expect(findAll(doc, 'équipe')[0]?.attrs.nom).toBe('XV');
  });

  it('refuses character references to characters XML 1.0 does not allow, and "]]>" in text', () => {
    for (const bad of ['<a>&#0;</a>', '<a>&#xFFFE;</a>', '<a x="&#1;"/>', '<a>]]></a>']) expect(() => parseXml(bad), bad).toThrow();
  });
});
