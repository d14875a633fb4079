import type { Config } from '../config/env.server';
import type { Content } from '../data/content.server';
import { dataOr, settle, type Loaded } from '../data/loaded';
import { placeholderFor, type ImageMode } from '../lib/images';
import { toNavLinks, type NavLink } from '../lib/links';
import { FALLBACK_PARTNERS, type Partner } from '../schemas/partner';
import { DEFAULT_SETTINGS, type Settings } from '../schemas/settings';

export type Shell = {
  settings: Settings;
  topBar: NavLink[];
  categories: NavLink[];
  partners: Partner[];
  placeholder: string;
  gtmContainerId: string | null;
  imageMode: ImageMode;
  /** Loaded states, for the cache decision: a degraded shell is never cached. */
  areas: Loaded<unknown>[];
};

/** What every page shows around its content, loaded in parallel. */
export async function loadShell(content: Content, config: Config, url: string): Promise<Shell> {
  const [settings, menus, partners] = await Promise.all([
    settle(content.settings(), 'settings'),
    settle(content.menus(), 'menus'),
    settle(content.partners(), 'partners'),
  ]);
  const m = dataOr(menus, { topBar: [], categories: [], footer: [] });
  const s = dataOr(settings, DEFAULT_SETTINGS);
  return {
    settings: s,
    topBar: toNavLinks(m.topBar),
    categories: toNavLinks(m.categories),
    partners: partners.status === 'success' && partners.data.length > 0 ? partners.data : FALLBACK_PARTNERS,
    placeholder: placeholderFor(new URL(url).hostname, s.placeholder),
    gtmContainerId: config.GTM_CONTAINER_ID,
    imageMode: config.IMAGE_RESIZING === 'on' ? 'resize' : 'plain',
    areas: [settings, menus, partners],
  };
}
