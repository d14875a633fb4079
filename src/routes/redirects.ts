import type { Context } from 'hono';
import type { AppEnv } from '../app-env';

// Addresses that only lead elsewhere, answered before any cache lookup.

const LINK_PARAMS = ['p', 'exp', 'sig'] as const;

/** Any URL with ?preview=true&p={id} leads to the preview (SPEC §2), its signature along. */
export function previewRedirect(c: Context<AppEnv>) {
  const id = c.req.query('p') ?? '';
  if (c.req.query('preview') !== 'true' || !/^\d{1,10}$/.test(id)) return null;
  const kept = LINK_PARAMS.flatMap((name) => (c.req.query(name) ? [[name, c.req.query(name)!]] : []));
  return c.redirect(`/categories/preview/post?${new URLSearchParams(kept)}`, 302);
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
