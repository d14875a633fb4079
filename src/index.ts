import { Hono } from 'hono';
import { trimTrailingSlash } from 'hono/trailing-slash';
import type { AppEnv, Bindings } from './app-env';
import { createEntryStore } from './cache/entry-store.server';
import { htmlCache, isRevalidation } from './cache/html-cache.server';
import { contentEncoding } from './http/content-encoding.server';
import { requestLog } from './observability/log.server';
import { canonicalPath, declaredQuery, pageNumber, reads } from './http/page-query.server';
import { publicOrigin } from './http/public-origin.server';
import { prefetchStaysOnSite } from './http/prefetch.server';
import { purgeHandlers } from './cache/purge.server';
import { leaseWrite, readMarks, type Marks } from './cache/tags.server';
import { clockOf } from './config/clock';
import { readConfig } from './config/env.server';
import { createContent } from './data/content.server';
import { notFoundRoute } from './routes/_404';
import { onError } from './routes/_error';
import { renderer } from './routes/_renderer';
import {
  mediasRoute,
  newsroomRoute,
  prefsRoute,
  prefsUpdateRoute,
  pressSpacePostRoute,
  pressSpaceRoute,
  signInErrorRoute,
  signInRoute,
  signInStartRoute,
  signOutRoute,
} from './routes/account';
import { accreditationsPostRoute, accreditationsRoute } from './routes/accreditations';
import { authorRoute } from './routes/authors';
import { categoryChildRoute, categoryRoute, pressKitRoute } from './routes/categories';
import { contactPostRoute, contactRoute } from './routes/contact';
import { calendarRoute, eventCalendarRoute, eventRoute, eventsRoute } from './routes/events';
import {
  categoryRssRoute,
  newsSitemapRoute,
  robotsRoute,
  rssRoute,
  sitemapIndexRoute,
  sitemapPagesRoute,
  sitemapPostsRoute,
} from './routes/feeds';
import { formModelRoute, formSubmitRoute } from './routes/forms';
import { healthRoute } from './routes/health';
import { homeRoute } from './routes/home';
import { newPostsRoute } from './routes/new-posts';
import { pageRoute } from './routes/pages';
import { embargoRoute, previewRoute } from './routes/previews';
import { legacyRedirect, previewRedirect } from './routes/redirects';
import { searchRoute } from './routes/search';
import { storyRoute } from './routes/stories';
import { ALBUM_FILTERS } from './features/teams/albums';
import { securityHeaders } from './security/headers.server';
import { bodyLimits, sameOriginWrites } from './security/requests.server';
import { authRoute } from './routes/auth';
import { mailEventsRoute, unsubscribePostRoute, unsubscribeRoute } from './routes/alerts';
import { createForms } from './data/forms.server';
import { mediaLibrary } from './data/media.server';
import { alertsDoor } from './data/alerts.server';
import { search } from './data/search.server';
import { userData } from './data/user.server';
import { createIdempotency } from './cache/idempotency.server';
import { provideIslands } from './ui/Island';
import { hasSessionCookie, sessionOpens } from './auth/session.server';
import { announceSignedOut } from './auth/signed-out.server';
import { islands } from './islands/registry';
import { alertsFollowUp } from './features/alerts/publish.server';
import { handleAlertBatch, runAlertsHourly } from './features/alerts/deliveries.server';

provideIslands(islands);

const app = new Hono<AppEnv>();

// Outermost: the request's JSON log line sees its final status and every upstream call.
app.use(requestLog());
// Then the encoding, so what gets compressed is what the nonce rewriter produced.
app.use(contentEncoding());
// A page fetched ahead never leads off the site.
app.use(prefetchStaysOnSite());

// Before the configuration is read: it says what is wrong with it (data/health.server.ts).
app.get('/__health', healthRoute);

// Configuration first: a broken deployment says which variable is wrong, on every route.
app.use(async (c, next) => {
  const config = readConfig(c.env);
  c.set('config', config);
  c.set('clock', clockOf(config));
  const waitUntil = (p: Promise<unknown>) => c.executionCtx.waitUntil(p);
  // The runtime's caches.default (workers-types), which the DOM typing of `caches` lacks.
  const local = {
    cache: (caches as unknown as { default: Cache }).default,
    origin: config.PUBLIC_ORIGIN,
    location: String(c.req.raw.cf?.colo ?? 'local'),
  };
  let known: Promise<Marks> | undefined;
  const source = { marks: c.env.PURGE_MARKS, boundMs: config.PURGE_BOUND_MS, keepWarmMs: config.PURGE_KEEP_WARM_MS, local, waitUntil };
  const marks = () => (known ??= readMarks(source));
  const store = createEntryStore({
    kv: c.env.CACHE,
    marks,
    boundMs: config.PURGE_BOUND_MS,
    claim: (key, meta) => leaseWrite(c.env.PURGE_MARKS, key, meta, config.PURGE_BOUND_MS, config.PURGE_LEASE_BATCH_MS),
    waitUntil,
    local,
  });
  c.set('store', store);
  const content = createContent(config, store, { revalidating: isRevalidation(c.req.raw) });
  c.set('content', content);
  c.set('search', search(config));
  c.set('user', userData(config));
  c.set('forms', createForms(config, content, createIdempotency(c.env.CACHE, waitUntil)));
  c.set('media', mediaLibrary(config));
  c.set('alerts', alertsDoor(config, c.env));
  await next();
});

app.use(publicOrigin());
app.use(securityHeaders());
// A write comes from a page of this site, and its body is bounded before anything reads it.
app.use(sameOriginWrites());
app.use(bodyLimits());

app.post('/api/purge', ...purgeHandlers(alertsFollowUp));

// Accounts: Auth.js and the signed-in user's calls (never cached, never through the HTML cache).
app.all('/api/auth/*', authRoute);
app.get('/connexion/compte-ffr', signInStartRoute);
app.get('/api/user/prefs', prefsRoute);
app.post('/api/user/prefs', prefsUpdateRoute);
app.post('/api/user/newsroom', newsroomRoute);
app.get('/api/user/medias', mediasRoute);

// The home page's « nouveaux articles » notice asks here once a minute.
app.get('/api/posts', newPostsRoute);

// Forms (Contact Form 7): JSON for the islands and scripts.
app.get('/api/forms/:slug', formModelRoute);
app.post('/api/forms/:slug', formSubmitRoute);

// Addresses that only lead elsewhere, before any cache lookup.
app.use(trimTrailingSlash());
app.use(canonicalPath());
app.get('*', async (c, next) => previewRedirect(c) ?? legacyRedirect(c) ?? next());

// Pages read only the query parameters they declare (reads(…) below); the others are dropped here.
app.use(declaredQuery());
// Around the cache: the first page after a sign-out is marked for its notice, never the stored copy.
app.use(announceSignedOut());
app.use(htmlCache((request, env, ctx) => app.fetch(request, env, ctx), hasSessionCookie, sessionOpens));

// For machines: before the renderer, so they never load the shell.
app.get('/robots.txt', robotsRoute);
app.get('/rss.xml', rssRoute);
app.get('/sitemap.xml', sitemapIndexRoute);
app.get('/sitemap-pages.xml', sitemapPagesRoute);
app.get('/sitemap-news.xml', newsSitemapRoute);
app.get('/:file{sitemap-posts-[0-9]+\\.xml}', sitemapPostsRoute);
app.get('/evenements.ics', calendarRoute);
app.get('/evenements/:file{.+\\.ics}', eventCalendarRoute);
app.get('/categories/:slug/rss.xml', categoryRssRoute);
app.get('/categories/:slug/:post/kit-presse.zip', pressKitRoute);

// Pages: each route hands its parameters to a feature's page, which calls c.render (render/page.ts).
app.use(renderer());
app.get('/', homeRoute);
app.get('/connexion', reads('callbackUrl', 'error'), signInRoute);
app.get('/connexion/erreur', reads('callbackUrl', 'error'), signInErrorRoute);
app.get('/deconnexion', signOutRoute);
app.get('/espace-presse', reads('optin_whatsapp', 'fait'), pressSpaceRoute);
app.post('/espace-presse', pressSpacePostRoute);
app.get('/alertes/desabonnement', reads('jeton'), unsubscribeRoute);
app.post('/alertes/desabonnement', unsubscribePostRoute);
app.post('/api/mail/events', mailEventsRoute);
app.get('/contact', contactRoute);
app.post('/contact', contactPostRoute);
app.get('/accreditations', reads('formulaire', 'evenement'), accreditationsRoute);
app.post('/accreditations', accreditationsPostRoute);
app.get('/recherche', reads('query', 'post_tags', 'categories', 'sort', pageNumber()), searchRoute);
app.get('/evenements', eventsRoute);
app.get('/evenements/:slug', eventRoute);
app.get('/stories/:id', storyRoute);
app.get('/categories/preview/post', reads('p', 'exp', 'sig'), previewRoute);
app.get('/embargo/:id', reads('exp', 'sig'), embargoRoute);
app.get('/categories/:slug', reads(pageNumber()), categoryRoute);
app.get('/categories/:slug/:second', reads(pageNumber()), categoryChildRoute);
app.get('/:base{auteurs|author}/:slug', reads(pageNumber()), authorRoute);
// WordPress pages at their address (mentions légales, /equipes-de-france/{team}, …), after every
// other route so that none is shadowed.
app.get('/:slug', reads(...ALBUM_FILTERS), pageRoute);
app.get('/:parent/:slug', reads(...ALBUM_FILTERS), pageRoute);
app.get('/:grandparent/:parent/:slug', reads(...ALBUM_FILTERS), pageRoute);

app.notFound(notFoundRoute);
app.onError(onError);

export default {
  fetch: app.fetch,
  // Press alerts: the Queue's consumer (and its dead-letter queue), and the hourly run.
  queue: (batch, env) => {
    const config = readConfig(env);
    return handleAlertBatch(batch, alertsDoor(config, env), config);
  },
  scheduled: (controller, env, ctx) => {
    const config = readConfig(env);
    ctx.waitUntil(runAlertsHourly(alertsDoor(config, env), config, controller.scheduledTime));
  },
} satisfies ExportedHandler<Bindings, unknown>;
// Durable Object classes are exported by the main module for the runtime to find them.
export { PurgeMarks } from './cache/purge-marks.server';
