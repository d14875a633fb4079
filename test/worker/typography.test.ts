import { beforeAll, describe, expect, it } from 'vitest';
import { site } from './helpers';
import { signInThroughProvider } from './oidc-flow';
import { upstream } from './upstream-control';

// Issue 30, item 11: French typography in what the site writes. An ordinary space before « ? ! ; :
// » or after « lets the sign start a line of its own (« Vous êtes journaliste / ? »): a narrow
// no-break space belongs there, in the site's own words as in the WordPress text it shows
// (lib/format/typography.ts). The site is crawled from its home page, as a reader would, plus the
// pages only a signed-in reader gets; every text a reader sees or hears is read: the text of the
// page and its title, placeholders, labels and alternatives.

const MAX_PAGES = 150;
/** Pages of one kind (first segment and depth of the path, with or without a query) read at most: the crawl reaches every kind. */
const PER_KIND = 12;
const ATTRIBUTES = ['placeholder', 'aria-label', 'title', 'alt'];
const FAULT = / [?!;:»]|« /;

type Page = { texts: string[]; links: string[] };

async function read(path: string, cookie = ''): Promise<Page | null> {
  const res = await site(path, { headers: cookie ? { cookie } : {} });
  if (!(res.headers.get('content-type') ?? '').startsWith('text/html')) {
    await res.body?.cancel();
    return null;
  }
  const texts: string[] = [];
  const links: string[] = [];
  let skipping = 0;
  let run = '';
  const flush = () => {
    if (run.trim()) texts.push(run);
    run = '';
  };
  await new HTMLRewriter()
    .on('script, style, template', {
      element(el) {
        skipping++;
        el.onEndTag(() => {
          skipping--;
        });
      },
    })
    .on('*', {
      element(el) {
        // Block and inline boundaries alike end a run: « Téléphone : » split over two elements still reads as one.
        for (const name of ATTRIBUTES) {
          const value = el.getAttribute(name);
          if (value) texts.push(value);
        }
        if (el.tagName === 'a') {
          const href = el.getAttribute('href') ?? '';
          if (href.startsWith('/') && !href.startsWith('//')) links.push(href.split('#')[0]!);
        }
      },
      text(chunk) {
        if (skipping) return;
        run += chunk.text;
        if (chunk.lastInTextNode) flush();
      },
    })
    .transform(res)
    .arrayBuffer();
  flush();
  return { texts: texts.map(decode), links };
}

/** Entities as the reader gets them (HTMLRewriter hands text over as written). */
function decode(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const faults = (path: string, page: Page) =>
  page.texts
    .filter((t) => FAULT.test(t))
    .map((t) => {
      const at = t.search(FAULT);
      return `${path}: « ${t.slice(Math.max(0, at - 30), at + 10).replace(/\s+/g, ' ')} »`;
    });

// The crawl reads the seeded content: whatever a file before this one published or moved is undone.
beforeAll(async () => {
  await upstream.reset();
});

describe('French typography in every page the site writes (issue 30, item 11)', () => {
  it(`has no ordinary space before « ? ! ; : » nor after «, on ${MAX_PAGES} pages crawled from the home page`, async () => {
    const seen = new Set<string>();
    const queue = [
      '/',
      '/evenements',
      '/contact',
      '/accreditations?formulaire=matchs',
      '/recherche',
      '/recherche?query=dupont',
      '/recherche?query=equpe',
      '/recherche?query=wxyzzyqq',
      '/connexion',
      '/connexion/erreur?error=OAuthCallbackError',
      '/page-introuvable',
    ];
    // The stories are reached from the search panel, an island: their pages are asked by id.
    const stories = await upstream.json<Array<{ id: string }>>('/wp-json/ffr/v1/stories');
    queue.splice(1, 0, ...stories.map((story) => `/stories/${story.id}`));
    const found: string[] = [];
    const kinds = new Map<string, number>();
    while (queue.length && seen.size < MAX_PAGES) {
      const path = queue.shift()!;
      if (seen.has(path) || /\.(ics|xml|zip|pdf|jpg|png|svg)$|^\/api\//.test(path)) continue;
      const segments = path.split('?')[0]!.split('/').filter(Boolean);
      const kind = `${segments[0] ?? ''}/${segments.length}${path.includes('?') ? '?' : ''}`;
      if ((kinds.get(kind) ?? 0) >= PER_KIND) continue;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      seen.add(path);
      const page = await read(path);
      if (!page) continue;
      found.push(...faults(path, page));
      for (const link of page.links) if (!seen.has(link)) queue.push(link);
    }
    // Every kind of page a reader reaches: home, categories and articles, events, teams, authors, stories, search, forms.
    expect(seen.size).toBeGreaterThan(80);
    for (const kind of [
      'categories/2',
      'categories/3',
      'evenements/2',
      'equipes-de-france/2',
      'auteurs/2',
      'stories/2',
      'recherche/1?',
      'accreditations/1',
      'contact/1',
    ])
      expect(kinds.get(kind) ?? 0, `${kind} in ${[...kinds.keys()].join(' ')}`).toBeGreaterThan(0);
    expect(found).toEqual([]);
  });

  it('nor in the pages of signed-in readers: the press space (journalist, pending, member), the accreditation form, signing out', async () => {
    const found: string[] = [];
    for (const email of ['journaliste@example.fr', 'attente@example.fr', 'membre@example.fr', 'nouveau@example.fr']) {
      const { cookie } = await signInThroughProvider(email);
      for (const path of [
        '/espace-presse',
        '/espace-presse?fait=abonnements',
        '/espace-presse?fait=echec',
        '/accreditations',
        '/deconnexion',
      ]) {
        const page = await read(path, cookie);
        if (page) found.push(...faults(`${path} (${email})`, page));
      }
    }
    expect(found).toEqual([]);
  });
});
