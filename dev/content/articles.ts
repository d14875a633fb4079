// Assembles articles from templates: dates, ids, slugs, illustrations, tags, paragraphs to the
// target count, then the cross-links (similar content, sidebars) once every article exists.

import type { WpArticle, WpBlock, WpPostCard } from './types.js';
import type { ArticleDraft, Env, Template } from './article-kit.js';
import { gallery, h, image, p, separator, video } from './blocks.js';
import { DAY, HOUR, MINUTE, formatWp, parisToUtc, seasonOf, toParis } from './dates.js';
import { FILLERS } from './french/fillers.js';
import type { Random } from './random.js';
import { INSTITUTION_TEMPLATES } from './french/templates-institution.js';
import { TEAM_TEMPLATES } from './french/templates-teams.js';
import { fill, slugify, stripTags, truncateChars, truncateWords, typo } from './text.js';

const TEMPLATES: readonly Template[] = [...TEAM_TEMPLATES, ...INSTITUTION_TEMPLATES];

/** Weighted templates available in each month (1–12). */
const BY_MONTH = new Map<number, ReadonlyArray<readonly [Template, number]>>();

function templatesFor(month: number): ReadonlyArray<readonly [Template, number]> {
  let entries = BY_MONTH.get(month);
  if (!entries) {
    entries = TEMPLATES.filter((t) => !t.available || t.available(month)).map((t) => [t, t.weight] as const);
    BY_MONTH.set(month, entries);
  }
  return entries;
}

const PUBLISH_HOURS: ReadonlyArray<readonly [number, number]> = [
  [8, 1],
  [9, 2],
  [10, 3],
  [11, 3],
  [12, 2],
  [13, 1],
  [14, 3],
  [15, 2],
  [16, 3],
  [17, 3],
  [18, 3],
  [19, 2],
  [20, 1],
  [21, 1],
  [22, 2],
  [23, 1],
];
/** The archive's span, before the last days' rhythm. */
const ARCHIVE_DAYS = 716;
/** Days published at a newsroom's daily rhythm, up to `now`. */
export const RECENT_DAYS = 14;
const FIRST_HOUR = 8;
const CREDITS = ['© FFR – Thomas Girard', '© FFR', '© Icon Sport', '© FFR – Antoine Mercier'];

/** Positions in the newest-first list that always get a given feature, so that small corpora show them too. */
const DRAFT_POSITIONS = [1, 6, 12];
const RECENT_WINDOW = 40;
const FORCED = { noIllustration: 2, redirection: 4, fileDownload: 7, video: 9 } as const;

export type ArticleSet = {
  articles: WpArticle[]; // newest first, drafts included
  published: WpArticle[]; // newest first
  cards: Map<number, WpPostCard>;
};

/** The archive: `count` instants spread over the two years before `end`, ascending. */
function archiveTimes(rng: Random, end: number, count: number): number[] {
  const span = ARCHIVE_DAYS * DAY;
  const start = end - span;
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const base = toParis(start + ((i + rng.float(0.05, 0.95)) / count) * span);
    const hour = rng.weighted(PUBLISH_HOURS);
    const minute = rng.chance(0.5) ? rng.pick([0, 5, 10, 15, 30, 30, 45]) : rng.int(0, 59);
    let at = parisToUtc(base.year, base.month, base.day, hour, minute);
    if (at >= end - 10 * MINUTE) at = end - rng.int(15, 600) * MINUTE;
    times.push(at);
  }
  return times.sort((a, b) => a - b);
}

/**
 * The last days as a newsroom writes them: from `now` back, an article every 45 minutes to 3 h 20
 * between 08:00 and 23:30 (Paris), none at night. Any 48 hours then hold some thirty hours of
 * publishing, so at least nine articles whatever the instant (the news sitemap's window).
 */
function recentTimes(rng: Random, now: number): number[] {
  const since = now - RECENT_DAYS * DAY;
  const times: number[] = [];
  let at = now - rng.int(15, 90) * MINUTE;
  while (at > since) {
    const local = toParis(at);
    if (local.hour < FIRST_HOUR) {
      // Back to the evening before, between 22:00 and 23:29 (nine hours back is always that day).
      const evening = toParis(at - 9 * HOUR);
      at = parisToUtc(evening.year, evening.month, evening.day, 22, rng.int(0, 89));
      continue;
    }
    times.push(at);
    at -= rng.int(45, 200) * MINUTE;
  }
  return times.reverse();
}

/** Two posts scheduled after `now`: in two days at 10:00 and in nine days at 18:30 (Paris). */
function scheduledTimes(now: number): number[] {
  return [
    [2, 10, 0],
    [9, 18, 30],
  ].map(([days, hour, minute]) => {
    const day = toParis(now + days! * DAY);
    return parisToUtc(day.year, day.month, day.day, hour, minute);
  });
}

/** Every publication instant, ascending: the archive, then the last days' steady rhythm. */
function publicationTimes(rng: Random, now: number, archiveCount: number): number[] {
  const recent = recentTimes(rng.fork('recent'), now);
  return [...archiveTimes(rng, now - RECENT_DAYS * DAY, archiveCount), ...recent];
}

function countParagraphs(blocks: readonly WpBlock[]): number {
  return blocks.reduce((n, b) => n + (b.type === 'paragraph' ? 1 : 0), 0);
}

// Filler paragraphs only depend on their text and the season: the blocks are built once and shared.
const fillerBlocks = new Map<string, Map<string, WpBlock>>();

function fillerBlock(text: string, season: string): WpBlock {
  let bySeason = fillerBlocks.get(season);
  if (!bySeason) {
    bySeason = new Map();
    fillerBlocks.set(season, bySeason);
  }
  let block = bySeason.get(text);
  if (!block) {
    block = p(fill(text, { season }));
    bySeason.set(text, block);
  }
  return block;
}

/** Adds filler paragraphs (and sometimes a heading) before any trailing call-to-action blocks. */
function withFillers(rng: Random, blocks: WpBlock[], draft: ArticleDraft, season: string, target: number): WpBlock[] {
  const missing = target - countParagraphs(blocks);
  if (missing <= 0) return blocks;
  const bank = FILLERS[draft.filler];
  const extra: WpBlock[] = [];
  if (rng.chance(0.6)) extra.push(h(rng.pick(bank.headings), rng.chance(0.8) ? 2 : 3));
  for (const text of rng.sample(bank.paragraphs, missing)) extra.push(fillerBlock(text, season));
  let insertAt = blocks.length;
  while (insertAt > 1) {
    const prev = blocks[insertAt - 1];
    if (prev && (prev.type === 'button' || prev.type === 'file' || prev.type === 'video')) insertAt--;
    else break;
  }
  return [...blocks.slice(0, insertAt), ...extra, ...blocks.slice(insertAt)];
}

/** `archiveCount` articles over two years, and the last fortnight at several a day. */
export function buildArticles(rng: Random, env: Env, archiveCount: number): ArticleSet {
  const times = publicationTimes(rng, env.now, archiveCount);
  const count = times.length;
  const usedSlugs = new Set<string>();
  const articles: WpArticle[] = [];
  const recentTitles: string[] = [];

  const make = (rng: Random, at: number, i: number, position: number, scheduled: boolean) => {
    // Re-draw (a few times at most) when the title repeats one of the last ones: feeds look more varied.
    let draft = rng.weighted(templatesFor(toParis(at).month)).make({ rng, at, env });
    for (let attempt = 0; attempt < 3 && recentTitles.includes(draft.title); attempt++) {
      draft = rng.weighted(templatesFor(toParis(at).month)).make({ rng, at, env });
    }
    recentTitles.push(draft.title);
    if (recentTitles.length > RECENT_WINDOW) recentTitles.shift();
    const id = 40_000 + i * 3 + rng.int(0, 2);
    const category = env.categories.get(draft.categoryId);
    const top = env.categories.top(draft.categoryId);
    const theme = env.categories.theme(draft.categoryId);

    let slug = slugify(draft.title);
    if (usedSlugs.has(slug)) slug = `${slug}-${id}`;
    usedSlugs.add(slug);

    const hasIllustration = position !== FORCED.noIllustration && !rng.chance(0.05);
    const illustration = env.illustrations.pick(rng, theme);
    const credit = rng.pick(CREDITS);

    let blocks: WpBlock[] = [p(draft.lead), ...draft.body];
    blocks = withFillers(rng, blocks, draft, seasonOf(at), rng.int(3, 8));
    if (rng.chance(0.25)) {
      const extra = env.illustrations.pick(rng, theme);
      blocks.splice(Math.min(3, blocks.length), 0, image(extra.large, `${extra.alt}. ${credit}`));
    }
    if (rng.chance(0.05) && !blocks.some((b) => b.type === 'gallery')) {
      const pictures = rng.sample(env.illustrations.ofTheme(theme), 3);
      blocks.push(h('En images', 3), gallery(pictures.map((pic) => ({ image: pic.large, caption: `${pic.alt}. ${credit}` }))));
    }
    if (rng.chance(0.12) && blocks.length > 3) blocks.splice(blocks.length - 1, 0, separator());

    const firstVideo = blocks.find((b) => b.type === 'video');
    let illustrationVideo = '';
    if (draft.video || position === FORCED.video) {
      illustrationVideo =
        firstVideo?.type === 'video' ? firstVideo.embed_url : (video(rng, draft.title) as Extract<WpBlock, { type: 'video' }>).embed_url;
    }

    const docKind = draft.document ?? (position === FORCED.fileDownload || rng.chance(0.03) ? 'dossier-xv' : undefined);
    const doc = docKind ? env.documents.get(docKind) : undefined;

    const lead = stripTags(typo(draft.lead));
    const excerpt = truncateWords(lead, 25);
    const title = typo(draft.title);
    const modifiedDelta = rng.chance(0.6) ? 0 : rng.int(5, 3 * 24 * 60) * MINUTE;
    const modified = at + modifiedDelta < env.now ? at + modifiedDelta : at;

    articles.push({
      id,
      title,
      slug,
      link: `/categories/${top.slug}/${slug}`,
      date: formatWp(at),
      modified: formatWp(modified),
      status: scheduled ? 'future' : DRAFT_POSITIONS.includes(position) && count > position + 5 ? 'draft' : 'publish',
      label: draft.label,
      caption: hasIllustration ? typo(`${illustration.alt}. ${credit}`) : '',
      srcset: hasIllustration ? illustration.srcset : '',
      illustration: hasIllustration ? illustration.src1280 : '',
      illustration_video: illustrationVideo,
      blocs: blocks,
      tags: env.tags.forArticle(rng, draft.categoryId, theme, draft.tags),
      sidebar: null,
      redirection: position === FORCED.redirection || rng.chance(0.02) ? `https://www.ffr.fr/actualites/${top.slug}/${slug}` : '',
      auteur: env.authors.forDesk(rng, draft.desk),
      category: env.categories.ref(category.id),
      categories: env.categories.lineage(category.id),
      similarContent: [],
      file_download_post: doc ? { url: doc.url, title: typo(doc.title), filesize: doc.filesize } : null,
      meta_title: `${title} | FFR Presse`,
      meta_description: truncateChars(lead, 155),
      typeFlow: draft.typeFlow ?? 'article',
      excerpt,
    });
  };
  // In the newest-first list, position 0 is the newest published (or draft) article.
  for (const [i, at] of times.entries()) make(rng, at, i, count - 1 - i, false);
  // Scheduled posts (WordPress's « future » status): what the press office shares under embargo.
  const scheduledRng = rng.fork('scheduled');
  for (const [k, at] of scheduledTimes(env.now).entries()) make(scheduledRng, at, count + k, -1 - k, true);

  articles.reverse();
  const published = articles.filter((a) => a.status === 'publish');
  const cards = new Map<number, WpPostCard>();
  for (const a of articles) cards.set(a.id, toCard(a));
  linkArticles(rng, articles, published, cards);
  return { articles, published, cards };
}

export function toCard(a: WpArticle): WpPostCard {
  return {
    id: a.id,
    title: a.title,
    slug: a.slug,
    link: a.link,
    date: a.date,
    background_image: a.illustration ? a.illustration.replace(/-1280\.svg$/, '-640.svg') : '',
    tag_list: a.tags,
    label: a.label,
    category: a.category,
  };
}

/** Similar content from the same category (nearest in time), and "À lire aussi" sidebars. */
function linkArticles(rng: Random, articles: WpArticle[], published: WpArticle[], cards: Map<number, WpPostCard>): void {
  const groups = new Map<number, WpArticle[]>();
  const positionInGroup = new Map<string, number>();
  for (const a of published) {
    for (const c of a.categories) {
      const group = groups.get(c) ?? [];
      positionInGroup.set(`${c}:${a.id}`, group.length);
      group.push(a);
      groups.set(c, group);
    }
  }
  const publishedIndex = new Map<number, number>();
  for (const [i, a] of published.entries()) publishedIndex.set(a.id, i);

  /**
   * Up to `n` items of `list` nearest to position `pos`, older ones first. `inList` tells whether
   * `pos` is the article itself (skipped) or only where it would be inserted (a draft).
   */
  const around = (list: readonly WpArticle[], pos: number, inList: boolean, n: number, exclude: Set<number>): WpArticle[] => {
    const picked: WpArticle[] = [];
    const older = inList ? pos + 1 : pos;
    const newer = pos - 1;
    for (let d = 0; picked.length < n && (older + d < list.length || newer - d >= 0); d++) {
      for (const j of [older + d, newer - d]) {
        const item = list[j];
        if (item && picked.length < n && !exclude.has(item.id)) {
          picked.push(item);
          exclude.add(item.id);
        }
      }
    }
    return picked;
  };

  /** Where an article (possibly a draft) would sit in a newest-first list, by date. */
  const insertionPoint = (list: readonly WpArticle[], a: WpArticle): number => {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((list[mid] as WpArticle).date > a.date) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  for (const a of articles) {
    const exclude = new Set<number>([a.id]);
    const similar: WpArticle[] = [];
    for (const c of a.categories) {
      const group = groups.get(c) ?? [];
      const pos = positionInGroup.get(`${c}:${a.id}`);
      similar.push(...around(group, pos ?? insertionPoint(group, a), pos !== undefined, 3 - similar.length, exclude));
      if (similar.length >= 3) break;
    }
    const index = publishedIndex.get(a.id);
    const where = index ?? insertionPoint(published, a);
    if (similar.length < 3) similar.push(...around(published, where, index !== undefined, 3 - similar.length, exclude));
    a.similarContent = similar.map((s) => cards.get(s.id) as WpPostCard);

    if (rng.chance(0.45)) {
      const posts = around(published, where, index !== undefined, 3, exclude);
      if (posts.length === 3) a.sidebar = { title: 'À lire aussi', posts: posts.map((s) => cards.get(s.id) as WpPostCard) };
    }
  }
}
