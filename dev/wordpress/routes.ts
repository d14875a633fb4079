import { Hono, type Context } from 'hono';
import type { UpstreamConfig } from '../config';
import type { WpEvent, WpHome, WpMenuItem, WpPage } from '../content/types';
import type { TokenVerifier } from './users';
import { toCard, type ContentStore } from '../content/store';
import { invalidParam, wpError } from './errors';
import { getTheTitle } from './titles';
import { createUserRoutes } from './users';
import { createWpUsersRoutes } from './wp-users';

// /wp-json/ffr/v1 — the federation's custom REST namespace, as WordPress answers it: paging headers,
// 400 on bad parameters, 404 rest_no_route, basic auth for drafts.

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

/** An ISO date as the site's wall clock, "YYYY-MM-DDTHH:mm:ss" like post_date. */
function siteWallClock(iso: string): string {
  const zoned = /(Z|[+-]\d{2}:\d{2})$/.test(iso);
  const local = zoned ? new Date(iso).toLocaleString('sv-SE', { timeZone: 'Europe/Paris' }).replace(' ', 'T') : iso;
  return `${local.slice(0, 16)}:${local.slice(17, 19) || '00'}`;
}

function intParam(raw: string | undefined, fallback: number): number | null {
  if (raw === undefined || raw === '') return fallback;
  return /^\d+$/.test(raw) ? Number(raw) : null;
}

export function createWordPressRoutes(store: ContentStore, config: UpstreamConfig, idp: TokenVerifier) {
  const app = new Hono();
  // X-WP-Total / X-WP-TotalPages (class-wp-rest-posts-controller.php, get_items), unless switched off.
  const pagingHeaders = (c: Context, total: number, totalPages: number) => {
    if (!store.behaviour.wpPagingHeaders) return;
    c.header('X-WP-Total', String(total));
    c.header('X-WP-TotalPages', String(totalPages));
  };
  const withTitle = (e: WpEvent) => ({ ...e, title: getTheTitle(e.title) });
  const expectedPreview = `Basic ${Buffer.from(config.previewCredentials).toString('base64')}`;

  app.get('/ffr/v1/posts', (c) => {
    const q = c.req.query();
    const perPage = intParam(q.per_page, 10);
    if (perPage === null || perPage < 1 || perPage > 100)
      return invalidParam(c, 'per_page', 'per_page doit être compris entre 1 (inclus) et 100 (inclus)', 'rest_out_of_bounds');
    const page = intParam(q.page, 1);
    if (page === null || page < 1) return invalidParam(c, 'page', 'page doit être supérieur ou égal à 1');
    if (q.after !== undefined && !ISO_DATE_TIME.test(q.after)) return invalidParam(c, 'after', 'after n’est pas une date valide.');

    if (q.slug !== undefined) {
      // By slug: the full article, published only (drafts go through /posts/{id} with credentials).
      const found = store.published.filter((a) => a.slug === q.slug).slice(0, perPage);
      pagingHeaders(c, found.length, found.length ? 1 : 0);
      return c.json(found);
    }

    let posts = store.publishedSorted();
    if (q.categories) {
      const ids = q.categories.split(',').map(Number);
      if (ids.some((n) => !Number.isInteger(n) || n < 0)) return invalidParam(c, 'categories', 'categories[0] n’est pas de type integer.');
      posts = posts.filter((a) => a.categories.some((id) => ids.includes(id)));
    }
    // `author` is an array of integers (class-wp-rest-posts-controller.php, get_collection_params):
    // author[]=2&author[]=3 or author=2,3 (a list, wp_parse_list); anything else is refused.
    const authors = c.req.queries('author[]') ?? c.req.queries('author');
    if (authors?.length) {
      const list = authors.flatMap((a) => a.split(/[\s,]+/)).filter((a) => a !== '');
      const bad = list.findIndex((a) => !/^\d+$/.test(a));
      if (bad >= 0) return invalidParam(c, 'author', `author[${bad}] n’est pas de type integer.`);
      const ids = list.map(Number);
      posts = posts.filter((a) => ids.includes(a.auteur.id));
    }
    // `after` is compared with post_date, the site's wall clock: a date with a zone is first moved
    // into the site's time zone, a date without one is taken as site time (class-wp-date-query.php,
    // build_mysql_datetime); "after" is strictly later.
    if (q.after) {
      const after = siteWallClock(q.after);
      posts = posts.filter((a) => a.date > after);
    }
    const total = posts.length;
    const totalPages = Math.ceil(total / perPage);
    if (total > 0 && page > totalPages) {
      return wpError(
        c,
        400,
        'rest_post_invalid_page_number',
        'Le nombre de pages demandé est plus grand que le nombre de pages disponibles.',
      );
    }
    pagingHeaders(c, total, totalPages);
    return c.json(posts.slice((page - 1) * perPage, page * perPage).map(toCard));
  });

  // A post of any status, for whoever may edit it: the preview credential (an editor's application
  // password), or a reader's access token when their account is an editor's. Like core's
  // get_item_permissions_check (class-wp-rest-posts-controller.php): 401 to an anonymous caller,
  // 403 to a signed-in one without the capability — checked before the post is looked up, so that
  // neither learns which ids exist.
  app.get('/ffr/v1/posts/:id{[0-9]+}', async (c) => {
    const auth = c.req.header('authorization') ?? '';
    if (auth !== expectedPreview) {
      const account = auth.startsWith('Bearer ') ? await idp.verifyAccessToken(auth.slice(7).trim()) : null;
      if (!account) return wpError(c, 401, 'rest_forbidden', 'Désolé, vous n’avez pas l’autorisation de faire cela.');
      if (account.wpRole !== 'editor')
        return wpError(c, 403, 'rest_forbidden', 'Désolé, vous n’avez pas l’autorisation de modifier cette publication.');
    }
    const article = store.articleById(Number(c.req.param('id')));
    if (!article) return wpError(c, 404, 'rest_post_invalid_id', 'ID de publication non valide.');
    return c.json(article);
  });

  app.get('/ffr/v1/categories', (c) => c.json(store.content.categories));
  app.get('/ffr/v1/Tags', (c) => c.json(store.allTags()));
  app.get('/ffr/v1/settings', (c) => c.json(store.content.settings));
  app.get('/ffr/v1/partenaires_banniere', (c) => c.json(store.content.partners));

  app.get('/ffr/v1/pages', (c) => {
    const slug = c.req.query('slug');
    const pages = slug === undefined ? store.content.pages : store.content.pages.filter((p) => p.slug === slug);
    return c.json(pages.map((p) => livePage(store, p)));
  });

  // Stories of « Recherches du moment », one by id (the ids the settings list), or several at once
  // (?include=id1,id2, in that order). A custom route of the federation's plugin: unknown ids are
  // 404, as core answers an unknown post id (class-wp-rest-posts-controller.php, get_post).
  app.get('/ffr/v1/stories', (c) => {
    const include = c.req.query('include');
    if (include === undefined) return c.json(store.content.stories);
    const ids = include
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    return c.json(ids.flatMap((id) => store.content.stories.filter((s) => s.id === id)));
  });
  app.get('/ffr/v1/stories/:id', (c) => {
    const story = store.content.stories.find((s) => s.id === c.req.param('id'));
    if (!story) return wpError(c, 404, 'rest_story_invalid_id', 'Identifiant de story non valide.');
    return c.json(story);
  });

  app.get('/ffr/v1/nav-menus', (c) => {
    const menus = store.content.menus;
    if (c.req.query('mode') === 'hierarchical') return c.json(menus);
    const flat = (items: WpMenuItem[]): WpMenuItem[] => items.flatMap((i) => [{ ...i, items: [] }, ...flat(i.items)]);
    return c.json({ 'top-nav': flat(menus['top-nav']), categories: flat(menus.categories), footer: flat(menus.footer) });
  });

  app.get('/ffr/v1/home', (c) => c.json(liveHome(store)));

  app.get('/ffr/v1/events', (c) => {
    const q = c.req.query();
    const max = store.behaviour.eventsPerPageMax;
    const perPage = intParam(q.per_page, 10);
    if (perPage === null || perPage < 1 || perPage > max)
      return invalidParam(c, 'per_page', `per_page doit être compris entre 1 (inclus) et ${max} (inclus)`, 'rest_out_of_bounds');
    const page = intParam(q.page, 1);
    if (page === null || page < 1) return invalidParam(c, 'page', 'page doit être supérieur ou égal à 1');
    for (const p of ['start_date', 'end_date'] as const) {
      if (q[p] !== undefined && Number.isNaN(Date.parse(q[p]!))) return invalidParam(c, p, `${p} n’est pas une date valide.`);
    }
    const events = store.content.events
      .filter((e) => (q.start_date ? e.endDate.slice(0, 10) >= q.start_date.slice(0, 10) : true))
      .filter((e) => (q.end_date ? e.startDate.slice(0, 10) <= q.end_date.slice(0, 10) : true))
      .sort((a, b) => a.startDate.localeCompare(b.startDate));
    const totalPages = Math.ceil(events.length / perPage);
    if (events.length > 0 && page > totalPages) {
      return wpError(
        c,
        400,
        'rest_post_invalid_page_number',
        'Le nombre de pages demandé est plus grand que le nombre de pages disponibles.',
      );
    }
    pagingHeaders(c, events.length, totalPages);
    return c.json(events.slice((page - 1) * perPage, page * perPage).map(withTitle));
  });

  app.get('/ffr/v1/future_events', (c) => {
    const endsAfter = c.req.query('ends_after');
    if (!endsAfter || !ISO_DATE_TIME.test(endsAfter)) return invalidParam(c, 'ends_after', 'ends_after n’est pas une date valide.');
    // `timestamp` is only there to get past HTTP caches: ignored, as WordPress ignores unknown parameters.
    const after = siteWallClock(endsAfter);
    return c.json(
      store.content.events
        .filter((e) => e.endDate >= after)
        .sort((a, b) => a.startDate.localeCompare(b.startDate))
        .map(withTitle),
    );
  });

  app.route('/ffr/v1', createUserRoutes(store, idp));
  // GET /wp/v2/posts/{id} as an anonymous caller meets it (wordpress-develop,
  // src/wp-includes/rest-api/endpoints/class-wp-rest-posts-controller.php, get_item_permissions_check):
  // an unknown id is 404 rest_post_invalid_id (get_post); a post the public cannot read (draft,
  // scheduled, private, trash: check_read_permission) is 401 rest_forbidden
  // (rest_authorization_required_code()); a published one is its item. `_fields` trims it
  // (rest_filter_response_fields). The alerts ask it before they send (features/alerts).
  app.get('/wp/v2/posts/:id{[0-9]+}', (c) => {
    const post = store.articleById(Number(c.req.param('id')));
    if (!post) return wpError(c, 404, 'rest_post_invalid_id', 'Identifiant de publication non valide.');
    if (post.status !== 'publish') return wpError(c, 401, 'rest_forbidden', 'Désolé, vous n’avez pas l’autorisation de faire cela.');
    const item: Record<string, unknown> = { id: post.id, date: post.date, slug: post.slug, status: post.status, link: post.link };
    const fields = c.req.query('_fields')?.split(',');
    return c.json(fields ? Object.fromEntries(Object.entries(item).filter(([k]) => fields.includes(k))) : item);
  });
  app.route('/wp/v2/users', createWpUsersRoutes(store, config));

  app.all('*', (c) =>
    wpError(c, 404, 'rest_no_route', 'Aucune route correspondante à l’URL et à la méthode de la requête n’a été trouvée.'),
  );
  return app;
}

/** The home as WordPress computes it: the curated layout, filled with the latest content. */
export function liveHome(store: ContentStore): WpHome {
  const template = store.content.home;
  const now = store.content.now.slice(0, 19);
  return {
    ...template,
    content: {
      data: template.content.data.map((section) => {
        if (section.type === 'a_la_une') return { ...section, posts: store.latestCards(section.posts.length || 5) };
        if (section.type === 'categorie') return { ...section, posts: store.latestCards(section.posts.length || 4, section.category.id) };
        const upcoming = store.content.events.filter((e) => e.startDate >= now).sort((a, b) => a.startDate.localeCompare(b.startDate));
        return { ...section, events: upcoming.slice(0, section.events.length || 4).map((e) => ({ ...e, title: getTheTitle(e.title) })) };
      }),
    },
  };
}

/**
 * A page as WordPress computes it at request time: a team page's news are the latest posts of its
 * category (published since generation included), and events carry their titles as
 * get_the_title() gives them, like /future_events.
 */
export function livePage(store: ContentStore, page: WpPage): WpPage {
  const future_events = page.future_events.map((e) => ({ ...e, title: getTheTitle(e.title) }));
  if (!page.categorie) return { ...page, future_events };
  return { ...page, future_events, news: store.latestCards(page.news.length || 4, page.categorie.id) };
}
