import { Hono, type Context } from 'hono';
import type { UpstreamConfig } from '../config';
import type { WpUser } from '../content/types';
import { slugify } from '../content/text';
import type { ContentStore } from '../content/store';
import { invalidParam, wpError } from './errors';

// GET /wp-json/wp/v2/users and /wp/v2/users/{id}: WordPress core's users controller as an
// anonymous caller (the worker) meets it — wordpress-develop,
// src/wp-includes/rest-api/endpoints/class-wp-rest-users-controller.php:
//   - a user is public only once they have published posts (get_item_permissions_check:
//     count_user_posts; get_items: has_published_posts); otherwise 401 rest_user_cannot_view
//     (rest_authorization_required_code() is 401 when nobody is signed in);
//   - an unknown id is 404 rest_user_invalid_id (get_user);
//   - the fields are those of the item schema whose context includes the request's ('view' by
//     default; 'embed' drops meta; 'edit' is refused): id, name, url, description, link, slug,
//     avatar_urls (rest_get_avatar_sizes(): 24, 48, 96), meta;
//   - _links self (with targetHints.allow, WordPress ≥ 6.7, class-wp-rest-server.php
//     get_target_hints_for_link) and collection;
//   - the collection pages like every core collection (per_page 1–100, default 10; X-WP-Total,
//     X-WP-TotalPages, Link rel=next/prev) but never refuses a page past the end: it is empty.
// Messages as WordPress's French translation gives them (the site's locale is fr_FR).

const CONTEXTS = ['view', 'embed', 'edit'] as const;
type Ctx = (typeof CONTEXTS)[number];
const ORDERBY = ['id', 'include', 'name', 'registered_date', 'slug', 'include_slugs', 'email', 'url'] as const;

const NOT_ALLOWED_TO_LIST = 'Désolé, vous n’avez pas l’autorisation de lister les utilisateurs.';

/** wp_parse_list: an array parameter given as "a,b" or as a[]=a&a[]=b. */
function listParam(c: Context, name: string): string[] | undefined {
  const values = c.req.queries(`${name}[]`) ?? c.req.queries(name);
  if (!values) return undefined;
  return values.flatMap((v) => v.split(/[\s,]+/)).filter((v) => v !== '');
}

function intListParam(c: Context, name: string): { ok: true; value: number[] | undefined } | { ok: false; response: Response } {
  const list = listParam(c, name);
  if (list === undefined) return { ok: true, value: undefined };
  const bad = list.findIndex((v) => !/^\d+$/.test(v));
  if (bad >= 0) return { ok: false, response: invalidParam(c, name, `${name}[${bad}] n’est pas de type integer.`) };
  return { ok: true, value: list.map(Number) };
}

function contextParam(c: Context): { ok: true; value: Ctx } | { ok: false; response: Response } {
  const raw = c.req.query('context');
  if (raw === undefined || raw === '') return { ok: true, value: 'view' };
  if ((CONTEXTS as readonly string[]).includes(raw)) return { ok: true, value: raw as Ctx };
  return { ok: false, response: invalidParam(c, 'context', 'context n’est pas l’un des view, embed et edit.') };
}

export function createWpUsersRoutes(store: ContentStore, config: UpstreamConfig) {
  const app = new Hono();
  const base = `${config.origin}/wp-json/wp/v2/users`;

  /** count_user_posts() over the public post types, as an anonymous caller counts: published only. */
  const publishedCount = (id: number): number => store.published.filter((a) => a.auteur.id === id).length;

  const present = (user: WpUser, context: Ctx) => ({
    id: user.id,
    name: user.name,
    url: user.url,
    description: user.description,
    link: user.link,
    slug: user.slug,
    avatar_urls: user.avatar_urls,
    ...(context === 'embed' ? {} : { meta: [] as unknown[] }),
    _links: {
      self: [{ href: `${base}/${user.id}`, targetHints: { allow: ['GET'] } }],
      collection: [{ href: base }],
    },
  });

  app.get('/me', (c) => wpError(c, 401, 'rest_not_logged_in', 'Vous n’êtes actuellement pas connecté.'));

  app.get('/:id{[0-9]+}', (c) => {
    const context = contextParam(c);
    if (!context.ok) return context.response;
    const user = store.content.users.find((u) => u.id === Number(c.req.param('id')));
    if (!user) return wpError(c, 404, 'rest_user_invalid_id', 'ID d’utilisateur non valide.');
    if (context.value === 'edit' || publishedCount(user.id) === 0) return wpError(c, 401, 'rest_user_cannot_view', NOT_ALLOWED_TO_LIST);
    return c.json(present(user, context.value));
  });

  app.get('/', (c) => {
    const q = c.req.query();
    const context = contextParam(c);
    if (!context.ok) return context.response;
    const intParam = (name: string, fallback: number, min: number, max = Infinity): number | Response => {
      const raw = q[name];
      if (raw === undefined || raw === '') return fallback;
      if (!/^\d+$/.test(raw)) return invalidParam(c, name, `${name} n’est pas de type integer.`);
      const n = Number(raw);
      if (n < min || n > max) {
        return max === Infinity
          ? invalidParam(c, name, `${name} doit être supérieur ou égal à ${min}`)
          : invalidParam(c, name, `${name} doit être compris entre ${min} (inclus) et ${max} (inclus)`, 'rest_out_of_bounds');
      }
      return n;
    };
    const page = intParam('page', 1, 1);
    if (page instanceof Response) return page;
    const perPage = intParam('per_page', 10, 1, 100);
    if (perPage instanceof Response) return perPage;
    const offset = intParam('offset', 0, 0);
    if (offset instanceof Response) return offset;
    const order = q.order ?? 'asc';
    if (order !== 'asc' && order !== 'desc') return invalidParam(c, 'order', 'order n’est pas l’un des asc et desc.');
    const orderby = q.orderby ?? 'name';
    if (!(ORDERBY as readonly string[]).includes(orderby)) {
      return invalidParam(c, 'orderby', `orderby n’est pas l’un des ${ORDERBY.slice(0, -1).join(', ')} et ${ORDERBY.at(-1)}.`);
    }
    if (q.who !== undefined && q.who !== 'authors') return invalidParam(c, 'who', 'who n’est pas l’un des authors.');
    const include = intListParam(c, 'include');
    if (!include.ok) return include.response;
    const exclude = intListParam(c, 'exclude');
    if (!exclude.ok) return exclude.response;
    const slugs = listParam(c, 'slug');

    // get_items_permissions_check: what only list_users may ask.
    if (listParam(c, 'roles')?.length)
      return wpError(c, 401, 'rest_user_cannot_view', 'Désolé, vous n’avez pas l’autorisation de filtrer les utilisateurs par rôle.');
    if (listParam(c, 'capabilities')?.length) {
      return wpError(c, 401, 'rest_user_cannot_view', 'Désolé, vous n’avez pas l’autorisation de filtrer les utilisateurs par capacité.');
    }
    if (context.value === 'edit') return wpError(c, 401, 'rest_forbidden_context', NOT_ALLOWED_TO_LIST);
    if (orderby === 'email' || orderby === 'registered_date') {
      return wpError(
        c,
        401,
        'rest_forbidden_orderby',
        'Désolé, vous n’avez pas l’autorisation de trier les utilisateurs selon ce paramètre.',
      );
    }
    if (q.who === 'authors') {
      return wpError(
        c,
        401,
        'rest_forbidden_who',
        'Désolé, vous n’avez pas l’autorisation d’interroger les utilisateurs selon ce paramètre.',
      );
    }

    let users = store.content.users.filter((u) => publishedCount(u.id) > 0);
    if (include.value) users = users.filter((u) => include.value!.includes(u.id));
    if (exclude.value) users = users.filter((u) => !exclude.value!.includes(u.id));
    if (slugs) users = users.filter((u) => slugs.includes(u.slug));
    const search = q.search ? slugify(q.search) : '';
    // Without list_users, get_items narrows search_columns to ID, user_login, user_nicename and
    // display_name (a LIKE '%term%' on each); the login is the slug here.
    if (search) users = users.filter((u) => String(u.id).includes(search) || slugify(u.name).includes(search) || u.slug.includes(search));

    // MySQL compares display names without case or accents (utf8mb4_unicode_ci): so do we.
    const keys: Record<string, (u: WpUser) => string | number> = {
      id: (u) => u.id,
      name: (u) => slugify(u.name),
      slug: (u) => u.slug,
      url: (u) => u.url,
      include: (u) => include.value?.indexOf(u.id) ?? u.id,
      include_slugs: (u) => slugs?.indexOf(u.slug) ?? 0,
    };
    const key = keys[orderby] ?? keys.name!;
    const sign = order === 'desc' && orderby !== 'include' && orderby !== 'include_slugs' ? -1 : 1;
    users = [...users].sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      return (ka < kb ? -1 : ka > kb ? 1 : a.id - b.id) * sign;
    });

    const total = users.length;
    const start = q.offset ? offset : (page - 1) * perPage;
    const totalPages = Math.ceil(total / perPage);
    if (store.behaviour.wpPagingHeaders) {
      c.header('X-WP-Total', String(total));
      c.header('X-WP-TotalPages', String(totalPages));
    }
    const current = Math.ceil(start / perPage + 1);
    const url = new URL(c.req.url);
    const link = (n: number) => {
      const params = new URLSearchParams(url.search);
      params.set('page', String(n));
      return `<${base}?${params}>`;
    };
    const links: string[] = [];
    if (current > 1) links.push(`${link(Math.min(current - 1, Math.max(totalPages, 1)))}; rel="prev"`);
    if (totalPages > current) links.push(`${link(current + 1)}; rel="next"`);
    if (links.length > 0) c.header('Link', links.join(', '));
    return c.json(users.slice(start, start + perPage).map((u) => present(u, context.value)));
  });

  return app;
}
