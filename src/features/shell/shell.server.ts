import type { Config } from '../../config/env.server';
import type { Content } from '../../data/content.server';
import { dataOr, settle, type Loaded } from '../../data/loaded';
import { deepFreeze, isDeeplyFrozen } from '../../lib/immutable';
import { placeholderFor, type ImageMode } from '../../lib/images';
import { toNavLinks, type NavLink } from '../../lib/links';
import type { Menus } from '../../schemas/menu';
import { FALLBACK_PARTNERS, type Partner } from '../../schemas/partner';
import { DEFAULT_SETTINGS, type Settings } from '../../schemas/settings';
import { storyPath } from '../../schemas/story';
import type { LiveSearchConfig } from '../search/live-client';
import { federationLinks } from './federation-links';
import { newsroomIndex, playersIndex, STORIES_IN_PANEL } from '../../schemas/search-request';

/** SPEC §3: stories_top lists the ids of the stories to feature (comma-separated), up to 5. */
export function featuredStories(settings: Settings): Settings['stories'] {
  const ids = settings.stories_top
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const chosen = ids.length ? ids.map((id) => settings.stories.find((s) => s.id === id)).filter((s) => s !== undefined) : settings.stories;
  return chosen.slice(0, STORIES_IN_PANEL);
}

export type Shell = {
  settings: Settings;
  topBar: NavLink[];
  categories: NavLink[];
  partners: Partner[];
  placeholder: string;
  gtmContainerId: string | null;
  imageMode: ImageMode;
  search: LiveSearchConfig;
  stories: Settings['stories'];
  /** loginUrl: the settings' sign-in address or, by default, the one-step sign-in back to the page. */
  account: { loginUrl: string; logoutUrl: string; personalSpaceUrl: string; dashboardUrl: string };
  /** Loaded states, for the cache decision: a degraded shell is never cached. */
  areas: Loaded<unknown>[];
};

/**
 * The shell made from the same copies is the same: made once per isolate and copies. Frozen with
 * them (lib/immutable.ts), its parts key the shared HTML by identity instead of by their JSON.
 */
let last: { from: readonly unknown[]; shell: Omit<Shell, 'areas'> } | undefined;

/** What every page shows around its content, loaded in parallel. */
export async function loadShell(content: Content, config: Config): Promise<Shell> {
  const [settings, menus, partners] = await Promise.all([
    settle(content.settings(), 'settings'),
    settle(content.menus(), 'menus'),
    settle(content.partners(), 'partners'),
  ]);
  const areas = [settings, menus, partners];
  const data = [dataOr(settings, DEFAULT_SETTINGS), dataOr(menus, null), dataOr(partners, null)] as const;
  const from = [...data, config];
  if (last && from.every((x, i) => x === last!.from[i])) return { ...last.shell, areas };
  const shell = deriveShell(data[0], data[1] ?? { topBar: [], categories: [], footer: [] }, partners, config);
  // A value just fetched is handed over as it is (cache/entry-store.server.ts): only copies are frozen.
  if (data.every(isDeeplyFrozen)) last = { from, shell: deepFreeze(shell) };
  return { ...shell, areas };
}

function deriveShell(s: Settings, m: Menus, partners: Loaded<Partner[]>, config: Config): Omit<Shell, 'areas'> {
  const hostname = new URL(config.PUBLIC_ORIGIN).hostname;
  return {
    settings: s,
    topBar: toNavLinks(m.topBar),
    categories: toNavLinks(m.categories),
    partners: partners.status === 'success' && partners.data.length > 0 ? partners.data : FALLBACK_PARTNERS,
    placeholder: placeholderFor(hostname, s.placeholder),
    gtmContainerId: config.GTM_CONTAINER_ID,
    imageMode: config.IMAGE_RESIZING === 'on' ? 'resize' : 'plain',
    // The search-only key is public by Algolia's design: the browser queries Algolia directly.
    search: {
      appId: config.ALGOLIA_APP_ID,
      apiKey: config.ALGOLIA_SEARCH_KEY,
      host: config.ALGOLIA_HOST ?? null,
      indexName: newsroomIndex(hostname, 'pertinence'),
      latestIndexName: newsroomIndex(hostname, 'recent'),
      playersIndexName: playersIndex(hostname),
    },
    // Each story opens on this site, read by its id (SPEC §7), not on the federation's main site.
    stories: featuredStories(s).map((story) => ({ ...story, url: storyPath(story.id) })),
    account: { loginUrl: s.login_url, logoutUrl: s.logout_url, ...federationLinks(config.ENVIRONMENT) },
  };
}
