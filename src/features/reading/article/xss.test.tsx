import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { ArticleSchema, BlocksSchema } from '../../../schemas/article';
import { RichText } from '../../../ui/RichText';
import { ArticleBody } from './ArticleBody';
import { ArticleView } from './ArticleView';
import { InlineHtml, htmlToText } from '../../../lib/html/inline-html';
import { VIDEO_HOSTS } from '../../../lib/html/urls';

// Every payload of a real XSS list goes through every path by which WordPress HTML or URLs reach
// the page; the markup React writes is then read back by a real HTML parser (parse5, the
// algorithm browsers use) and walked: what a browser would build from it must hold no script,
// no handler, no script URL and no frame outside the video allow-list.

type Node = DefaultTreeAdapterMap['node'];
type ElementNode = DefaultTreeAdapterMap['element'];

// ---------------------------------------------------------------------------------------------
// The payload list

const PAYLOAD_FILE = fileURLToPath(new URL('../../../../test/fixtures/xss-payloads.txt', import.meta.url));

/** "[[U+0009]]" → a tab: the file's way of writing characters a line cannot hold. */
const expand = (line: string) =>
  line.replace(/\[\[U\+([0-9A-Fa-f]{4,6})\]\]/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)));

const PAYLOADS = [
  ...new Set(
    readFileSync(PAYLOAD_FILE, 'utf8')
      .split('\n')
      .map((line) => line.replace(/\r$/, ''))
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map(expand),
  ),
];

// ---------------------------------------------------------------------------------------------
// What the browser would build, and what must not be in it

/** Elements that run code, load code or styles, change the document's base or submit anywhere. */
const FORBIDDEN_ELEMENTS = new Set([
  // the list of the issue
  'script',
  'object',
  'embed',
  'base',
  'meta',
  'link',
  'style',
  'form',
  // and others no renderer ever writes, each a known carrier of script or of a raw-text mXSS
  'svg',
  'math',
  'frame',
  'frameset',
  'applet',
  'portal',
  'template',
  'noscript',
  'xmp',
  'plaintext',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'button',
  'input',
  'select',
  'keygen',
  'isindex',
  'area',
  'param',
  'bgsound',
  'video',
  'audio',
  'source',
]);

/** Attributes whose value is a URL the browser may load or navigate to. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'data',
  'background',
  'dynsrc',
  'lowsrc',
  'cite',
  'codebase',
  'longdesc',
  'ping',
  'manifest',
  'icon',
  'archive',
  'classid',
  'usemap',
]);
const SRCSET_ATTRIBUTES = new Set(['srcset', 'imagesrcset']);

/**
 * The URL as the check reads it: every C0 control, space and invisible/Unicode space removed
 * anywhere (browsers strip C0 and spaces around a URL and tabs/newlines inside it; removing more
 * only makes the check stricter), then lower-cased.
 */
const normalizeUrl = (value: string) =>
  value.replace(/[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g, '').toLowerCase();

/** Why a URL is a script URL, or null. `data:` is refused except for raster images. */
function scriptUrl(value: string): string | null {
  const url = normalizeUrl(value);
  // React 19 replaces a javascript: href/src by a URL that only throws: safe, but it means the
  // address went past the sanitizer, which must refuse it on its own (React is the second line).
  if (url.startsWith("javascript:thrownewerror('reacthasblocked")) return 'script URL (caught by React, not by the sanitizer)';
  if (/^(javascript|vbscript|livescript|mocha):/.test(url)) return 'script URL';
  if (url.startsWith('data:text/html')) return 'data:text/html URL';
  if (url.startsWith('data:') && !/^data:image\/(png|gif|jpe?g|webp|avif)[;,]/.test(url)) return 'data: URL';
  return null;
}

/** CSS with its comments and escapes undone, as the CSS parser reads it. */
const normalizeCss = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
    .replace(/\\([0-9a-fA-F]{1,6})[ \t\n\r\f]?/g, (_, hex: string) =>
      String.fromCodePoint(Math.min(Number.parseInt(hex, 16) || 0xfffd, 0x10ffff)),
    )
    .replace(/\\(.)/g, '$1')
    .replace(/[\s\u0000-\u001f]/g, '')
    .toLowerCase();

function badStyle(css: string): string | null {
  const s = normalizeCss(css);
  if (s.includes('expression(')) return 'CSS expression()';
  if (/url\(["']?(javascript|vbscript|data:text\/html)/.test(s)) return 'CSS url(javascript:)';
  if (s.includes('-moz-binding') || s.includes('behavior:')) return 'CSS binding';
  return null;
}

/** The iframe address is https, on the host allow-list of urls.ts, without credentials. */
function allowedFrame(src: string | undefined): boolean {
  if (src === undefined) return false;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && VIDEO_HOSTS.has(url.hostname) && !url.username && !url.password;
  } catch {
    return false;
  }
}

const attrName = (a: { name: string; prefix?: string }) => (a.prefix ? `${a.prefix}:${a.name}` : a.name).toLowerCase();

/** Everything wrong with `html` once parsed as a browser would, one line per finding. */
function violations(html: string): string[] {
  const found: string[] = [];
  const document = parse(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`);
  const visit = (node: Node) => {
    if ('tagName' in node) checkElement(node as ElementNode, found);
    const children = 'childNodes' in node ? node.childNodes : [];
    for (const child of children) visit(child);
    // A <template>'s content is a separate fragment: walk it too.
    if ('content' in node && node.content) visit(node.content as Node);
  };
  visit(document);
  return found;
}

function checkElement(el: ElementNode, found: string[]) {
  const tag = el.tagName.toLowerCase();
  const attrs = new Map(el.attrs.map((a) => [attrName(a), a.value]));
  // React 19 itself hoists `<link rel="preload" as="image">` for an <img fetchPriority="high">
  // (the article's illustration): that one is allowed, its href and imagesrcset checked below.
  const reactImagePreload = tag === 'link' && attrs.get('rel') === 'preload' && attrs.get('as') === 'image' && attrs.size <= 6;
  if (FORBIDDEN_ELEMENTS.has(tag) && !reactImagePreload) found.push(`<${tag}> element`);
  if (tag === 'iframe' && !allowedFrame(attrs.get('src')))
    found.push(`<iframe src=${JSON.stringify(attrs.get('src') ?? null)}> off the allow-list`);
  for (const [name, value] of attrs) {
    const where = `<${tag} ${name}=${JSON.stringify(value)}>`;
    if (name.startsWith('on')) found.push(`event handler ${where}`);
    if (name === 'srcdoc' || name === 'formaction') found.push(`${name} attribute ${where}`);
    if (URL_ATTRIBUTES.has(name) || name.endsWith(':href')) {
      const why = scriptUrl(value);
      if (why) found.push(`${why} in ${where}`);
    }
    if (SRCSET_ATTRIBUTES.has(name)) {
      for (const candidate of value.split(',')) {
        const why = scriptUrl(candidate.trim().split(/\s+/)[0] ?? '');
        if (why) found.push(`${why} in ${where}`);
      }
    }
    if (name === 'style') {
      const why = badStyle(value);
      if (why) found.push(`${why} in ${where}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The render paths: every way WordPress HTML or a WordPress URL reaches the page

const BENIGN_URL = 'https://www.ffr.fr/document.pdf';
const BENIGN_IMAGE = 'https://api.example/u/photo.jpg';
const BENIGN_VIDEO = 'https://www.youtube-nocookie.com/embed/abc123';

/** WordPress blocks read through the real schema, as in production (unknown types included). */
const body = (...raw: unknown[]) => <ArticleBody blocks={BlocksSchema.parse(raw)} imageMode="plain" />;

/** A whole article page as WordPress would send it, with `patch` over a benign article. */
function article(patch: Record<string, unknown>): ReactNode {
  const raw = {
    id: 1,
    title: 'Titre',
    slug: 'titre',
    link: '/categories/xv-de-france/titre',
    date: '2026-11-22T14:05:00',
    modified: '2026-11-22T14:05:00',
    label: { name: 'Communiqué', slug: 'communique' },
    caption: 'Légende',
    srcset: '',
    illustration: BENIGN_IMAGE,
    illustration_video: '',
    blocs: [{ type: 'paragraph', content: 'Texte' }],
    tags: [{ id: 1, name: 'Six Nations', slug: 'six-nations', link: '', source: 'tag' }],
    sidebar: null,
    redirection: '',
    auteur: {
      nom: 'Marie Dupont',
      author_link: '',
      description: 'Attachée de presse',
      role_edition: 'Attachée de presse',
      avatar_urls: { '48': '', '96': '' },
      phone_number: '+33 1 69 63 64 65',
      email: 'marie.dupont@ffr.fr',
    },
    category: { id: 3, slug: 'xv-de-france', name: 'XV de France' },
    categories: [3],
    similarContent: [],
    file_download_post: { url: BENIGN_URL, title: 'Dossier', filesize: 1000 },
    meta_title: '',
    meta_description: '',
    typeFlow: 'article',
    excerpt: '',
    ...patch,
  };
  return <ArticleView article={ArticleSchema.parse(raw)} crumbs={[]} />;
}

const card = (patch: Record<string, unknown>) => ({
  id: 7,
  title: 'Carte',
  slug: 'carte',
  link: '/categories/xv-de-france/carte',
  date: '2026-11-20T10:00:00',
  background_image: '',
  tag_list: [],
  label: null,
  category: null,
  ...patch,
});

/**
 * Each path renders the payload in every field of its kind it has; fields that gate one another
 * (a button's address and its label) are given the payload one at a time and together.
 */
const PATHS: Array<[string, (p: string) => ReactNode]> = [
  ['InlineHtml', (p) => <InlineHtml html={p} />],
  [
    'htmlToText (text, alt, title, aria-label)',
    (p) => (
      <p title={htmlToText(p)} aria-label={htmlToText(p)}>
        <img src={BENIGN_IMAGE} alt={htmlToText(p)} />
        {htmlToText(p)}
      </p>
    ),
  ],
  ['block paragraph', (p) => body({ type: 'paragraph', content: p })],
  ['block heading', (p) => body({ type: 'heading', level: 2, content: p }, { type: 'heading', level: 4, content: `Titre ${p}` })],
  ['block list', (p) => body({ type: 'list', ordered: false, items: [p, `un ${p}`] }, { type: 'list', ordered: true, items: [p] })],
  [
    'block image (src, alt, caption)',
    (p) =>
      body(
        { type: 'image', image: { src: p, alt: 'Photo', width: 800, height: 600 }, caption: 'Légende' },
        { type: 'image', image: { src: BENIGN_IMAGE, alt: p, width: 800, height: 600 }, caption: p },
        { type: 'image', image: { src: p, alt: p, width: 0, height: 0 }, caption: p },
      ),
  ],
  [
    'block gallery (src, alt, caption)',
    (p) =>
      body({
        type: 'gallery',
        images: [
          { src: p, alt: 'Photo', width: 800, height: 600, caption: 'Légende' },
          { src: BENIGN_IMAGE, alt: p, width: 800, height: 600, caption: p },
        ],
      }),
  ],
  [
    'block video (embed_url, url, title)',
    (p) =>
      body(
        { type: 'video', provider: 'youtube', url: p, embed_url: p, title: 'Vidéo' },
        { type: 'video', provider: 'youtube', url: 'https://www.youtube.com/watch?v=abc123', embed_url: p, title: p },
        { type: 'video', provider: 'autre', url: p, embed_url: 'https://videos.example/embed/1', title: p },
        { type: 'video', provider: 'youtube', url: '', embed_url: BENIGN_VIDEO, title: p },
      ),
  ],
  [
    'block quote (content, citation)',
    (p) => body({ type: 'quote', content: p, citation: p }, { type: 'quote', content: 'Citation', citation: p }),
  ],
  [
    'block table (caption, head, cells)',
    (p) =>
      body({
        type: 'table',
        caption: p,
        head: [p, 'Colonne'],
        rows: [
          [p, 'x'],
          ['y', p],
        ],
      }),
  ],
  [
    'block file (url, title, mime)',
    (p) =>
      body(
        { type: 'file', url: p, title: 'Document', filesize: 1000, mime: 'application/pdf' },
        { type: 'file', url: BENIGN_URL, title: p, filesize: 1000, mime: p },
        { type: 'file', url: p, title: p, filesize: 0, mime: p },
      ),
  ],
  [
    'block button (url, label)',
    (p) =>
      body(
        { type: 'button', url: p, label: 'Billets' },
        { type: 'button', url: '/accreditations', label: p },
        { type: 'button', url: p, label: p },
      ),
  ],
  [
    'block of an unknown type (plain text)',
    (p) =>
      body({ type: 'core/html', content: p }, { type: 'embed', url: p, caption: p, title: p }, { type: 'paragraph', content: 42, text: p }),
  ],
  [
    'page RichText (loose text, p, h2-h4, ul/ol, blockquote)',
    (p) => (
      <>
        <RichText html={p} />
        <RichText html={`<p>${p}</p><h2>${p}</h2><h3 class="x">${p}</h3><h4>${p}</h4><blockquote>${p}</blockquote>`} />
        <RichText html={`<ul><li>${p}</li></ul><ol><li class="x">${p}</li></ol>`} />
        <RichText html={`Avant.\n\n${p}\n\nAprès.`} />
      </>
    ),
  ],
  [
    'ArticleView: title, caption, label, category, tags, author, downloads, sidebar title',
    (p) =>
      article({
        title: p,
        caption: p,
        label: { name: p, slug: p },
        category: { id: 3, slug: p, name: p },
        tags: [{ id: 1, name: p, slug: p, link: p, source: 'tag' }],
        auteur: {
          nom: p,
          author_link: p,
          description: p,
          role_edition: p,
          avatar_urls: { '48': p, '96': p },
          phone_number: p,
          email: p,
        },
        file_download_post: { url: p, title: p, filesize: 1000 },
        sidebar: { title: p, posts: [card({ title: p, label: { name: p, slug: p } })] },
        blocs: [{ type: 'paragraph', content: p }],
      }),
  ],
  [
    'ArticleView: illustration, illustration_video, srcset, link (press kit)',
    (p) => (
      <>
        {article({ illustration: p, srcset: `${p} 640w, ${BENIGN_IMAGE} 1280w` })}
        {article({ illustration: BENIGN_IMAGE, srcset: p })}
        {article({ illustration: '', illustration_video: p })}
        {article({ illustration: p, illustration_video: p })}
        {article({ link: p })}
      </>
    ),
  ],
];

// ---------------------------------------------------------------------------------------------
// Tests

let assertions = 0;
afterAll(() => {
  console.info(`xss: ${PAYLOADS.length} payloads × ${PATHS.length} render paths = ${assertions} payload assertions`);
});

describe('the XSS payload list', () => {
  it('holds at least 150 distinct payloads', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(150);
  });

  it('the checker finds what it looks for (it is not vacuous)', () => {
    const bad: Array<[string, RegExp]> = [
      ['<script>alert(1)</script>', /<script> element/],
      ['<b onclick="alert(1)">x</b>', /event handler/],
      ['<a href="\u0001 java\tscript:alert(1)">x</a>', /script URL/],
      ['<a href="JAVA&#x09;SCRIPT:alert(1)">x</a>', /script URL/],
      ['<a href="VBScript:msgbox(1)">x</a>', /script URL/],
      ['<a href=" data:text/html,<script>alert(1)</script>">x</a>', /data:text\/html URL/],
      ['<iframe src="https://evil.example/"></iframe>', /off the allow-list/],
      ['<iframe src="https://user@www.youtube.com/embed/x"></iframe>', /off the allow-list/],
      ['<iframe srcdoc="x"></iframe>', /srcdoc attribute/],
      ['<p><button formaction="javascript:alert(1)">x</button></p>', /formaction attribute/],
      ['<svg><a xlink:href="javascript:alert(1)">x</a></svg>', /script URL in <a xlink:href/],
      ['<div style="width: ex/**/pression(alert(1))">x</div>', /CSS expression/],
      ['<div style="background:url( \'javascript:alert(1)\')">x</div>', /CSS url/],
      ['<img srcset="/a.jpg 1x, javascript:alert(1) 2x">', /script URL/],
      ['<template><img src=x onerror=alert(1)></template>', /event handler/],
      ['<video poster="javascript:alert(1)"></video>', /script URL in <video poster/],
      ['<base href="https://evil.example/">', /<base> element/],
    ];
    for (const [html, expected] of bad) expect(violations(html).join('\n'), html).toMatch(expected);
    expect(violations(`<iframe src="${BENIGN_VIDEO}"></iframe><a href="https://www.ffr.fr/">x</a><img src="/a.jpg">`)).toEqual([]);
  });

  it('the render paths render what they are given (a benign control for each)', () => {
    const out = (node: ReactNode) => renderToStaticMarkup(<>{node}</>);
    const control = '<a href="https://www.ffr.fr/">FFR</a> <strong>gras</strong>';
    for (const [name, render] of PATHS) {
      const html = out(render(control));
      expect(violations(html), name).toEqual([]);
      // What a reader is meant to see of the control reaches the page through this path.
      expect(html, name).toContain('FFR');
    }
    expect(out(PATHS.find(([n]) => n.startsWith('block video'))![1](BENIGN_VIDEO))).toContain(`<iframe src="${BENIGN_VIDEO}"`);
    expect(out(<InlineHtml html={control} />)).toContain('<a href="https://www.ffr.fr/" rel="noopener">FFR</a>');
  });
});

/**
 * Sidebar and « même catégorie » cards (src/features/reading/PostCard.tsx) write `post.link`
 * through `toSitePath` (src/lib/links.ts) and `post.background_image` through `responsiveImage`
 * (src/lib/images.ts), not through urls.ts: both must refuse other schemes on their own.
 */
describe('XSS payloads through post cards', () => {
  it('no payload reaches the page as script through a card link or image', () => {
    for (const payload of ['javascript:javascript:alert(1)', 'x:javascript:alert(1)', 'data:text/html,<script>alert(1)</script>']) {
      const html = renderToStaticMarkup(
        <>
          {article({
            sidebar: { title: 'À lire', posts: [card({ link: payload, background_image: payload })] },
            similarContent: [card({ id: 8, link: payload })],
          })}
        </>,
      );
      expect.soft(violations(html), `post card — payload ${JSON.stringify(payload)}`).toEqual([]);
    }
  });
});

describe.each(PATHS)('XSS payloads through %s', (name, render) => {
  it(`no payload reaches the page as script (${PAYLOADS.length} payloads)`, () => {
    PAYLOADS.forEach((payload, n) => {
      let html = '';
      let found: string[];
      try {
        html = renderToStaticMarkup(<>{render(payload)}</>);
        found = violations(html);
      } catch (error) {
        found = [`render threw: ${String(error)}`];
      }
      assertions++;
      expect
        .soft(found, `${name} — payload #${n + 1} ${JSON.stringify(payload)} rendered ${JSON.stringify(html.slice(0, 400))}`)
        .toEqual([]);
    });
  });
});
