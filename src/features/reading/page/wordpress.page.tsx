import type { ReactNode } from 'react';
import type { Context } from 'hono';
import type { AppEnv } from '../../../app-env';
import { settle } from '../../../data/loaded';
import { isAllowedRedirect } from '../../../lib/redirects';
import { canonical, siteHostname } from '../../../render/site';
import { isDisplayable, type Page } from '../../../schemas/page';
import { PageView } from './PageView';
import { ALBUM_FILTERS, filterHref, readFilters } from '../../teams/albums';
import { pageHref } from '../../teams/links';
import type { Crumb } from '../../../ui/Breadcrumb';
import { teamTemplate } from '../../teams/templates';
import { TeamsIndex } from '../../teams/TeamsIndex';
import { TeamView } from '../../teams/TeamView';
import { notFoundPage, unavailablePage } from '../../../render/apology';

// The page list of WordPress: /mentions-legales, /contact (template page-contact), the national
// teams (/equipes-de-france/{team}, templates equipe and equipe-7) and any other displayable page
// at its address (SPEC §2: niveau 1 or 2, or a template, or a redirection).

/** What a route built on a WordPress page adds to it (the contact and accreditation forms). */
export type PageAddition = { children?: ReactNode; cache?: 'shared' | 'never'; pageType?: string };

const SLUG = /^[a-z0-9][a-z0-9-]{0,190}$/;
/** First segments the site's own routes answer under: never a page of the tree, no upstream call. */
const RESERVED = new Set(['api', 'assets', 'categories', 'cdn-cgi', 'connexion', 'embargo', 'evenements', 'stories']);
/** A path of the page tree: one to three slugs, not under a prefix of the site's own routes. */
const isPagePath = (segments: string[]) =>
  segments.length <= 3 && segments.every((s) => SLUG.test(s)) && !(segments.length > 1 && RESERVED.has(segments[0]!));
/** Team pages list their children; more than this is not a team listing. */
const MAX_CHILDREN = 12;

/**
 * /{slug}, /{parent}/{slug}, /{grandparent}/{parent}/{slug}: a page of the tree, found by its last
 * segment (the page list answers by slug). Its `link` is its one address: any other path that
 * reaches it is sent there (301).
 */
export const treePage = (c: Context<AppEnv>, path: string) => {
  const segments = path.split('/').slice(1);
  if (!isPagePath(segments)) return notFoundPage(c);
  return wordPressPage(c, segments[segments.length - 1]!, {}, path);
};

/**
 * The page's own address: its link's path, when the route above answers it and it names the page
 * (its last segment the page's slug); otherwise /{slug}. Never a redirect to a path that does not
 * lead back to the page.
 */
function ownPath(page: Page): string {
  const path = page.link ? pageHref(page) : '';
  const segments = path.split('/').slice(1);
  return isPagePath(segments) && segments[segments.length - 1] === page.slug ? path : `/${page.slug}`;
}

/** The pages above this one (from its address), for the breadcrumb; one that cannot be read is left out. */
async function ancestors(c: Context<AppEnv>, path: string): Promise<Crumb[]> {
  const slugs = path.split('/').slice(1, -1);
  const pages = await Promise.all(slugs.map((slug) => settle(c.get('content').page(slug), `page ${slug}`)));
  return pages.flatMap((p) => (p.status === 'success' && isDisplayable(p.data) ? [{ name: p.data.title, href: ownPath(p.data) }] : []));
}

/** The children of a page that are team pages (the listing template of the teams' parent page). */
async function teamChildren(c: Context<AppEnv>, page: Page): Promise<Page[]> {
  if (page.liste_enfants.length === 0 || page.liste_enfants.length > MAX_CHILDREN) return [];
  const children = await Promise.all(page.liste_enfants.map((child) => settle(c.get('content').page(child.slug), `page ${child.slug}`)));
  return children.flatMap((child) =>
    child.status === 'success' && teamTemplate(child.data) && isDisplayable(child.data) ? [child.data] : [],
  );
}

/** `askedAt`: the path the page was asked at, for the canonical redirect (routes with a fixed address leave it out). */
export async function wordPressPage(c: Context<AppEnv>, slug: string, addition: PageAddition = {}, askedAt?: string) {
  if (!SLUG.test(slug)) return notFoundPage(c);
  const [{ settings }, page] = await Promise.all([c.get('shell'), settle(c.get('content').page(slug), `page ${slug}`)]);
  if (page.status === 'not-found' || (page.status === 'success' && !isDisplayable(page.data))) return notFoundPage(c);
  const tracking = { page_type: addition.pageType ?? (slug === 'contact' ? 'contact' : 'page') };
  if (page.status === 'failure') return unavailablePage(c, { tracking });
  const p = page.data;
  if (p.redirection && isAllowedRedirect(p.redirection, siteHostname(c))) return c.redirect(p.redirection, 302);
  const path = ownPath(p);
  if (askedAt !== undefined && askedAt !== path) return c.redirect(`${path}${new URL(c.req.url).search}`, 301);
  const template = teamTemplate(p);
  const [trail, teams] = await Promise.all([ancestors(c, path), template || addition.children ? [] : teamChildren(c, p)]);
  const home = { name: 'Accueil', href: '/' };
  const head = {
    title: p.meta_title || p.title,
    description: p.meta_description || p.excerpt || undefined,
    canonical: canonical(c),
    image: p.featured_media?.src || undefined,
    breadcrumb: [home, ...trail, { name: p.title, href: path }],
  };
  const now = c.get('clock').now();
  if (template) {
    const filters = readFilters(p.albums_filtres, (key) => c.req.query(key));
    // A filter value the page does not offer would show the unfiltered albums at an address of its
    // own (a copy per made-up value): sent to the address of what is shown.
    if (ALBUM_FILTERS.some((key) => c.req.query(key) !== undefined && filters.active[key] === undefined))
      return c.redirect(filterHref(path, filters.active, '', null).replace(/#albums$/, ''), 301);
    return c.render(<TeamView page={p} template={template} path={path} trail={[home, ...trail]} now={now} filters={filters} />, {
      head: { ...head, styles: ['teams'] },
      tracking: { page_type: 'equipe', page_category: p.title },
      // Each combination of album filters is a copy of its own: kept where asked, for a short while.
      variant: Object.keys(filters.active).length > 0,
    });
  }
  // Only a team page shows albums: on any other page an album filter changes nothing, and each
  // made-up value would be a copy of its own. Sent to the page's one address (issue 50).
  if (ALBUM_FILTERS.some((key) => c.req.query(key) !== undefined)) return c.redirect(path, 301);
  if (teams.length > 0) {
    return c.render(<TeamsIndex page={p} teams={teams} trail={[home, ...trail]} now={now} />, {
      head: { ...head, styles: ['teams'] },
      tracking: { page_type: 'equipes' },
    });
  }
  return c.render(
    <PageView page={p} settings={settings} trail={[home, ...trail]}>
      {addition.children}
    </PageView>,
    { head, tracking, cache: addition.cache },
  );
}
