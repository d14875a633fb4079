import { readFileSync } from 'node:fs';
import { HtmlValidate, type ConfigData } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { siteUrl, upstreamUrl } from './browser';

// Every kind of page the site serves, validated as the browser receives it.
// React writes void elements as <meta/> and attributes as charSet: both valid HTML, so the
// project's config turns those style rules off (.htmlvalidate.json).
const config = JSON.parse(readFileSync(new URL('../../.htmlvalidate.json', import.meta.url), 'utf8')) as ConfigData;
const validator = new HtmlValidate(config);

async function routes(): Promise<string[]> {
  const articles = (await (await fetch(`${upstreamUrl()}/__control/articles?status=publish`)).json()) as Array<{
    link: string;
    redirection: string;
    blocks: string[];
  }>;
  const rich = articles
    .filter((a) => !a.redirection)
    .sort((a, b) => b.blocks.length - a.blocks.length)
    .slice(0, 3);
  const events = await (await fetch(`${siteUrl()}/evenements`)).text();
  const event = /href="(\/evenements\/[^"]+)"/.exec(events)?.[1];
  return [
    '/',
    '/categories/xv-de-france',
    '/categories/xv-de-france?page=2',
    '/categories/xv-de-france/tests-d-automne',
    ...rich.map((a) => a.link),
    '/categories/xv-de-france/article-introuvable',
    '/evenements',
    ...(event ? [event] : []),
    '/mentions-legales',
    '/contact',
    '/accreditations',
    '/recherche?query=equipe',
    '/connexion',
    '/offres-entreprises--partenaire',
    '/page-introuvable',
  ];
}

describe('HTML validity', () => {
  it('every route passes html-validate with no errors', async () => {
    const failures: string[] = [];
    for (const path of await routes()) {
      const html = await (await fetch(siteUrl() + path)).text();
      const report = await validator.validateString(html, path);
      for (const r of report.results)
        for (const m of r.messages)
          if (m.severity === 2)
            failures.push(`${path} ${m.ruleId} ${m.message} « ${html.slice(Math.max(0, m.offset - 60), m.offset + 60)} »`);
    }
    expect(failures).toEqual([]);
  });
});
