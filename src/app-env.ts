import type { Clock } from './config/clock';
import type { Config } from './config/env.server';
import type { EntryStore } from './cache/entry-store.server';
import type { AlertsDoor } from './data/alerts.server';
import type { Content } from './data/content.server';
import type { Forms } from './data/forms.server';
import type { MediaLibrary } from './data/media.server';
import type { Search } from './data/search.server';
import type { UserData } from './data/user.server';

import type { Shell } from './features/shell/shell.server';

/**
 * The bindings and variables of wrangler.jsonc, as `wrangler types` writes them
 * (worker-configuration.d.ts; regenerated and compared by npm test). Variables are read through
 * the configuration schema (config/env.server.ts), never from here.
 */
export type Bindings = Cloudflare.Env;

/** What the renderer tells the HTML cache about the page it just produced. */
export type PageCachePolicy = {
  cacheable: boolean;
  tags: string[];
  /**
   * Where the copy is kept (cache/entry-store.server.ts): KV for the pages of the content; this
   * location's cache, for `localSeconds`, for addresses without end (« not found », searches,
   * filtered views).
   */
  localSeconds?: number;
  /** The page itself says it does not exist (404): never served in place of a failed render. */
  notFound?: boolean;
};

export type AppEnv = {
  Bindings: Bindings;
  Variables: {
    config: Config;
    /** The site's calendar (config/clock.ts): real time, or SITE_NOW in tests. */
    clock: Clock;
    /** The KV cache of this request (entry-store.server.ts), for data and pages alike. */
    store: EntryStore;
    /** The request's doors to the upstreams (data/): nothing else calls them. */
    content: Content;
    search: Search;
    user: UserData;
    forms: Forms;
    media: MediaLibrary;
    /** The press alerts' tables, Queue and mail relay (data/alerts.server.ts). */
    alerts: AlertsDoor;
    /** What every page shows around its content, started by the renderer (features/shell/renderer.server.tsx). */
    shell: Promise<Shell>;
    pageCache?: PageCachePolicy;
    /** This response's CSP nonce (hono/secure-headers). */
    secureHeadersNonce?: string;
  };
};
