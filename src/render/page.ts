import type { FeatureStylesheet } from '../config/assets';
import type { Crumb } from '../ui/Breadcrumb';

// What a page hands to the one renderer (features/shell/renderer.server.tsx) with its view:
// c.render(view, options). Pages of every feature use these types; only the shell implements them.

/** The tag manager's page facts (SPEC §7 Tracking), pushed by the Tracking island. */
export type PageContext = {
  page_type: string;
  page_category: string;
  page_subcategory: string;
  articleThematic: string;
};

export type PageHead = {
  /** The page's own title: the site's name is added by the renderer (after it, or before it on the home page). */
  title: string;
  siteFirst?: boolean;
  description?: string;
  noindex?: boolean;
  canonical?: string;
  image?: string;
  type?: 'website' | 'article';
  jsonLd?: unknown[];
  /** From the home page down to the page itself: the renderer writes its BreadcrumbList after `jsonLd`. */
  breadcrumb?: Crumb[];
  /** The feature stylesheets this page needs beside site.css. */
  styles?: FeatureStylesheet[];
  alternates?: Array<{ type: string; title: string; href: string }>;
};

export type RenderOptions = {
  head: PageHead;
  /** The data layer's page facts (SPEC §7); the fields left out are empty. */
  tracking: Pick<PageContext, 'page_type'> & Partial<PageContext>;
  /**
   * 503 when the page's own content could not be loaded (with retry-after), 404 when it does not
   * exist; 401, 403, 410 and 429 for a link to an unpublished post (features/previews).
   */
  status?: 200 | 401 | 403 | 404 | 410 | 429 | 503;
  /** 'never' for a reader's own pages, previews and answers to a post; other pages are stored when whole. */
  cache?: 'shared' | 'never';
  /** Purge tags beyond the data read through the content layer (search results follow the post lists). */
  tags?: string[];
  /** One of endless variants of a page (a search, a filtered view): kept briefly where it was asked, never in KV. */
  variant?: boolean;
  /** Where this page's sign-in links come back to, when not to the page itself (the sign-in page). */
  returnTo?: string;
  /**
   * false: no tag manager on this page, consent or not. For pages whose address is a key (a signed
   * preview or embargo link, usable without signing in) or a step of signing in: a tag manager's
   * page view sends the whole address to the analytics account.
   */
  thirdParties?: false;
};

declare module 'hono' {
  interface ContextRenderer {
    // biome-ignore lint/style/useShorthandFunctionType: only an interface merges with Hono's ContextRenderer
    (content: React.ReactNode, options: RenderOptions): Promise<Response>;
  }
}
