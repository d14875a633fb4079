import type { ReactNode } from 'react';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { settle } from '../data/loaded';
import { Apology } from '../ui/Apology';
import { breadcrumbLd } from '../features/feeds/json-ld';
import { isAllowedRedirect } from '../lib/redirects';
import { canonical, siteHostname, siteOrigin } from '../render/site';
import { isDisplayable } from '../schemas/page';
import { PageView } from '../features/reading/page/PageView';
import { notFoundPage } from './_404';

// The page list of WordPress: /mentions-legales, /contact (template page-contact) and any other
// displayable page by its slug (SPEC §2: niveau 1 or 2, or a template, or a redirection).

/** What a route built on a WordPress page adds to it (the contact and accreditation forms). */
export type PageAddition = { children?: ReactNode; cache?: 'shared' | 'never'; pageType?: string };

/** /{slug}: a displayable WordPress page. */
export const pageRoute = (c: Context<AppEnv>) => renderWordPressPage(c, c.req.param('slug') ?? '');

export async function renderWordPressPage(c: Context<AppEnv>, slug: string, addition: PageAddition = {}) {
  if (!/^[a-z0-9][a-z0-9-]{0,190}$/.test(slug)) return notFoundPage(c);
  const [{ settings }, page] = await Promise.all([c.var.shell, settle(c.var.content.page(slug), `page ${slug}`)]);
  if (page.status === 'not-found' || (page.status === 'success' && !isDisplayable(page.data))) return notFoundPage(c);
  const tracking = { page_type: addition.pageType ?? (slug === 'contact' ? 'contact' : 'page') };
  if (page.status === 'failure') {
    return c.render(<Apology kind="failure" path={c.req.path} />, { status: 503, head: { title: 'Un problème est survenu', noindex: true }, tracking });
  }
  const p = page.data;
  if (p.redirection && isAllowedRedirect(p.redirection, siteHostname(c))) return c.redirect(p.redirection, 302);
  const origin = siteOrigin(c);
  return c.render(
    <PageView page={p} settings={settings}>
      {addition.children}
    </PageView>,
    {
      head: {
        title: p.meta_title || p.title,
        description: p.meta_description || p.excerpt || undefined,
        canonical: canonical(c),
        jsonLd: [breadcrumbLd([{ name: 'Accueil', url: `${origin}/` }, { name: p.title, url: canonical(c) }])],
      },
      tracking,
      cache: addition.cache,
    },
  );
}

/** Old addresses of the federation's sites (SPEC §2 "other path patterns"). */
export function legacyRedirect(c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  const m = /^\/actualites\/([^/]+)\/([^/]+)\/?$/.exec(url.pathname);
  if (m) return c.redirect(`/categories/${m[1]}/${m[2]}`, 301);
  if (/^\/resultats-de-recherche\/?$/.test(url.pathname)) {
    const query = url.searchParams.get('s') ?? url.searchParams.get('query');
    return c.redirect(query ? `/recherche?${new URLSearchParams({ query })}` : '/recherche', 301);
  }
  return null;
}
