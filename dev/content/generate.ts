// Entry point: the whole seeded dataset served by the WordPress emulator.
// Same options → same output, byte for byte (no clock, no Math.random).

import type { Content, WpArticle, WpPostCard } from './types.js';
import { buildAccounts } from './accounts.js';
import type { Env } from './article-kit.js';
import { buildArticles } from './articles.js';
import { AuthorDesk } from './authors.js';
import { CAT, CategoryTree } from './categories.js';
import { parseWp } from './dates.js';
import { addDocuments } from './documents.js';
import { buildEvents } from './events.js';
import { buildForms } from './forms.js';
import { CLUBS, FIRST_NAMES_M, LAST_NAMES, TOP14_FULL_NAMES, type Player, type Position } from './french/words.js';
import { buildHome } from './home.js';
import { IllustrationLibrary, ImageStore, addBrandAssets } from './images.js';
import { buildMedias } from './medias.js';
import { buildMenus } from './menus.js';
import { buildPages } from './pages.js';
import { buildPartners } from './partners.js';
import { Random } from './random.js';
import { buildSettings } from './settings.js';
import { buildStories, storyListEntries } from './stories.js';
import { buildTeamPages } from './teams.js';
import { TagLibrary } from './tags.js';

export type GenerateOptions = {
  seed?: number;
  /** The archive's articles, over the two years before the last fortnight (which adds several a day). */
  articleCount?: number;
  /** The instant the timeline is written around (the emulator's clock). */
  now: Date;
  /** Origin of the emulator, e.g. "http://127.0.0.1:8790": every image URL is absolute under it. */
  baseUrl: string;
};

export const DEFAULT_SEED = 2026;
export const DEFAULT_ARTICLE_COUNT = 160;

const U20_POSITIONS: readonly Position[] = [
  'pilier-gauche',
  'pilier-gauche',
  'talonneur',
  'talonneur',
  'pilier-droit',
  'pilier-droit',
  'deuxieme-ligne',
  'deuxieme-ligne',
  'deuxieme-ligne',
  'troisieme-ligne',
  'troisieme-ligne',
  'troisieme-ligne',
  'numero-huit',
  'numero-huit',
  'demi-de-melee',
  'demi-de-melee',
  'demi-d-ouverture',
  'demi-d-ouverture',
  'centre',
  'centre',
  'centre',
  'centre',
  'ailier',
  'ailier',
  'ailier',
  'arriere',
  'arriere',
  'troisieme-ligne',
  'ailier',
  'centre',
];

/** The Bleuets are fictional: young players, generated once per seed. */
function u20Squad(rng: Random): Player[] {
  const names = new Set<string>();
  return U20_POSITIONS.map((position) => {
    let name = '';
    do name = `${rng.pick(FIRST_NAMES_M)} ${rng.pick(LAST_NAMES)}`;
    while (names.has(name));
    names.add(name);
    return { name, position, club: TOP14_FULL_NAMES[rng.pick(CLUBS.top14)] ?? 'Stade Toulousain', caps: rng.int(0, 12) };
  });
}

export function generateContent(options: GenerateOptions): Content {
  const seed = options.seed ?? DEFAULT_SEED;
  const articleCount = Math.max(1, Math.floor(options.articleCount ?? DEFAULT_ARTICLE_COUNT));
  const now = options.now.getTime();
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const rng = new Random(seed);

  const store = new ImageStore(baseUrl);
  const illustrations = new IllustrationLibrary(store);
  const brand = addBrandAssets(store);
  const categories = new CategoryTree(illustrations);
  const authors = new AuthorDesk(store);
  const env: Env = {
    now,
    categories,
    tags: new TagLibrary(categories),
    illustrations,
    authors,
    documents: addDocuments(store),
    u20Players: u20Squad(rng.fork('u20')),
  };

  const partners = buildPartners(store);
  const { articles, published, cards } = buildArticles(rng.fork('articles'), env, articleCount);
  for (const article of published) {
    for (const id of article.categories) categories.get(id).count++;
  }

  const events = buildEvents(env);
  const nowText = new Date(now).toISOString();
  const futureEvents = events.filter((e) => parseWp(e.startDate) > now);
  const nextOpen = futureEvents.find((e) => Date.parse(e.accreditation.deadline) > now);

  const latestAmong = (categoryIds: number[], count: number): WpPostCard[] =>
    published
      .filter((a) => a.categories.some((id) => categoryIds.includes(id)))
      .slice(0, count)
      .map((a) => cards.get(a.id) as WpPostCard);
  const latestOf = (categoryId: number): WpPostCard[] => latestAmong([categoryId], 3);
  const teamPages = buildTeamPages({
    now,
    rng: rng.fork('teams'),
    store,
    illustrations,
    categories,
    authors,
    events,
    u20Players: env.u20Players,
    latestOf: latestAmong,
  });
  const pages = buildPages({
    illustrations,
    futureEvents,
    latest: published.slice(0, 3).map((a) => cards.get(a.id) as WpPostCard),
    latestPress: latestOf(CAT.COMMUNIQUES),
    latestFederation: latestOf(CAT.FEDERATION),
    more: teamPages,
  });
  const stories = buildStories(now, illustrations, published);

  const topNews = (published[0] ?? articles[0]) as WpArticle;

  return {
    now: nowText,
    categories: categories.list,
    articles,
    events,
    partners,
    pages,
    stories,
    users: authors.users,
    settings: buildSettings({ now, brand, illustrations, topNews, nextOpenEvent: nextOpen, stories: storyListEntries(stories) }),
    menus: buildMenus(categories, pages),
    home: buildHome({ categories, illustrations, published, cards, futureEvents }),
    forms: buildForms(),
    medias: buildMedias(),
    accounts: buildAccounts(),
    images: store.files,
  };
}
