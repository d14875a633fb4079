import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { categoryRss, newsSitemap, robots, rss, sitemapIndex, sitemapPages, sitemapPosts } from '../features/feeds/feeds.server';
import { notFoundRoute } from './_404';

// For machines: registered before the renderer, so they never load the shell.

export const robotsRoute = (c: Context<AppEnv>) => robots(c);
export const rssRoute = (c: Context<AppEnv>) => rss(c);
export const sitemapIndexRoute = (c: Context<AppEnv>) => sitemapIndex(c);
export const sitemapPagesRoute = (c: Context<AppEnv>) => sitemapPages(c);
export const newsSitemapRoute = (c: Context<AppEnv>) => newsSitemap(c);

/** /sitemap-posts-{n}.xml */
export const sitemapPostsRoute = async (c: Context<AppEnv>) =>
  (await sitemapPosts(c, Number(/^sitemap-posts-(\d{1,5})\.xml$/.exec(c.req.param('file') ?? '')?.[1]))) ?? notFoundRoute(c);

/** /categories/{slug}/rss.xml */
export const categoryRssRoute = async (c: Context<AppEnv>) => (await categoryRss(c, c.req.param('slug') ?? '')) ?? notFoundRoute(c);
