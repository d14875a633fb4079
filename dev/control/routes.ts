import { createHmac } from 'node:crypto';
import { Hono } from 'hono';
import * as z from 'zod';
import type { UpstreamConfig } from '../config';
import { formatWp } from '../content/dates';
import type { WpArticle } from '../content/types';
import type { Submission } from '../cf7/routes';
import type { ContentStore } from '../content/store';
import type { FaultBoard } from './faults';
import { BehaviourSchema, defaultBehaviour } from './behaviour';
import { resetAccounts } from '../wordpress/accounts-state';

// /__control — the emulator's own API for tests, benches and people: counters, faults, content
// reset, accepted form submissions, and "publish", which edits or adds a post and then calls the
// worker's purge hook exactly as the WordPress publish hook does (signed body).

const FaultSchema = z.object({
  path: z.string().min(1),
  kind: z.enum(['latency', 'status', 'malformed', 'timeout', 'down']),
  ms: z.number().int().min(0).max(600_000).optional(),
  status: z.number().int().min(400).max(599).optional(),
  times: z.number().int().min(1).optional(),
  rate: z.number().min(0).max(1).optional(),
});

const PublishSchema = z.object({
  slug: z.string().optional(),
  id: z.number().int().optional(),
  title: z.string().min(1).max(300).optional(),
  excerpt: z.string().max(2000).optional(),
  redirection: z.string().max(500).optional(),
  /** `publish`: a scheduled or draft post goes live now, as WordPress's cron does at its date; `draft`: unpublished. */
  status: z.enum(['publish', 'draft']).optional(),
  create: z.object({ title: z.string().min(1).max(300), categorySlug: z.string().min(1) }).optional(),
  /** false: return the signed purge request instead of sending it (tests that run the worker in-process). */
  notify: z.boolean().default(true),
  /** The plugin's « Ne pas alerter les journalistes » box: false when ticked (wordpress/ffr-presse-purge). */
  alert: z.boolean().default(true),
});

export type ControlHooks = {
  store: ContentStore;
  faults: FaultBoard;
  submissions: Submission[];
  config: UpstreamConfig;
  reindex: (article: WpArticle) => void;
  resetContent: () => void;
  /** Writes the content around another instant and stops the clock there (the calendar sweep). */
  pinClock: (at: Date) => void;
};

const ClockSchema = z.object({ now: z.iso.datetime({ offset: true }) });

/**
 * A link to an unpublished post, as the WordPress plugin makes it
 * (wordpress/ffr-presse-purge/includes/class-preview-links.php): base64url of
 * HMAC-SHA256("ffr-presse:{purpose}:{id}:{exp}", PREVIEW_SECRET), unpadded.
 */
export function signedPostLink(config: UpstreamConfig, purpose: 'apercu' | 'embargo', id: number, exp: number): string {
  const sig = createHmac('sha256', config.previewSecret).update(`ffr-presse:${purpose}:${id}:${exp}`).digest('base64url');
  const query = new URLSearchParams({ exp: String(exp), sig });
  return purpose === 'apercu'
    ? `${config.workerUrl}/categories/preview/post?p=${id}&${query}`
    : `${config.workerUrl}/embargo/${id}?${query}`;
}

const LinkSchema = z.object({
  id: z.number().int().positive(),
  purpose: z.enum(['apercu', 'embargo']),
  /** Unix seconds; by default an hour (apercu) or a day (embargo) from now, by the real clock: a link's end is a security matter (decision 014). */
  exp: z.number().int().optional(),
});

/** As the worker expects it: HMAC-SHA256 of `${timestamp}.${body}`, base64. */
export function signPurgeBody(body: string, secret: string, timestamp: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('base64');
}

export function createControlRoutes(h: ControlHooks) {
  const app = new Hono();

  app.get('/counters', (c) => c.json(h.faults.snapshot()));
  app.post('/counters/reset', (c) => {
    h.faults.counters.clear();
    h.faults.log = [];
    return c.json({ ok: true });
  });
  // The last 2000 upstream calls with their start and end (ms since the epoch): for waterfalls.
  app.get('/requests', (c) => c.json(h.faults.log));
  app.get('/faults', (c) => c.json(h.faults.faults));
  app.post('/faults', async (c) => {
    const parsed = FaultSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid_fault', issues: parsed.error.issues }, 400);
    h.faults.faults.push(parsed.data);
    return c.json(h.faults.faults);
  });
  app.delete('/faults', (c) => {
    h.faults.faults = [];
    h.faults.releaseHanging();
    return c.json([]);
  });
  // How the emulated services behave where real deployments differ (behaviour.ts); merged, reset by /reset.
  app.get('/behaviour', (c) => c.json(h.store.behaviour));
  app.post('/behaviour', async (c) => {
    const parsed = BehaviourSchema.partial().safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid_behaviour', issues: parsed.error.issues }, 400);
    Object.assign(h.store.behaviour, parsed.data);
    return c.json(h.store.behaviour);
  });
  app.post('/reset', (c) => {
    h.store.behaviour = defaultBehaviour();
    h.faults.reset();
    h.submissions.length = 0;
    h.resetContent();
    resetAccounts(h.store);
    return c.json({ ok: true });
  });
  // One test account back as seeded (its status, flags, favourites, requests, and the form
  // submissions sent in its name, which CF7's one-request-per-event rule counts): a journey that
  // changed it leaves the others as they expect it. Requests go in the account's own name (issue 50).
  app.post('/accounts/reset', async (c) => {
    const parsed = z.object({ email: z.email() }).safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid_account', message: 'email : l’adresse d’un compte de test' }, 400);
    if (!resetAccounts(h.store, parsed.data.email)) return c.json({ error: 'unknown_account' }, 404);
    const theirs = (s: { email: string }) => s.email.trim().toLowerCase() === parsed.data.email.toLowerCase();
    h.submissions.splice(0, h.submissions.length, ...h.submissions.filter((s) => !theirs(s)));
    return c.json({ ok: true });
  });
  app.get('/submissions', (c) => c.json(h.submissions));

  // The emulator's clock: where it stands, and moving it (the content is written anew around it,
  // deterministically: the same instant gives the same content). POST /reset puts it back.
  app.get('/clock', (c) => c.json({ now: new Date(h.store.now()).toISOString(), content: h.store.content.now }));
  app.post('/clock', async (c) => {
    const parsed = ClockSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid_clock', message: 'now : un instant ISO 8601 avec son fuseau' }, 400);
    h.pinClock(new Date(parsed.data.now));
    return c.json({ now: new Date(h.store.now()).toISOString(), content: h.store.content.now });
  });

  // What the WordPress plugin gives an editor: « Aperçu » (an hour) and the embargo link of a
  // scheduled post, signed with the worker's secret.
  app.post('/links', async (c) => {
    const parsed = LinkSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid_link', issues: parsed.error.issues }, 400);
    const { id, purpose } = parsed.data;
    const post = h.store.articleById(id);
    if (!post) return c.json({ error: 'unknown_post' }, 404);
    const exp = parsed.data.exp ?? Math.floor(Date.now() / 1000) + (purpose === 'apercu' ? 3600 : 24 * 3600);
    return c.json({ link: signedPostLink(h.config, purpose, id, exp), exp });
  });

  /** A summary of the articles (drafts included), so tests can pick cases without guessing. */
  app.get('/articles', (c) => {
    const status = c.req.query('status');
    return c.json(
      h.store.content.articles
        .filter((a) => !status || a.status === status)
        .map((a) => ({
          id: a.id,
          slug: a.slug,
          title: a.title,
          link: a.link,
          status: a.status,
          redirection: a.redirection,
          blocks: [...new Set(a.blocs.map((b) => b.type))],
          illustration: a.illustration,
          file: a.file_download_post?.url ?? '',
          date: a.date,
        })),
    );
  });

  // Edits the settings as the press office would in WordPress (merged, shallow); `reset` undoes it.
  app.post('/settings', async (c) => {
    const patch = await c.req.json().catch(() => null);
    if (!patch || typeof patch !== 'object' || Array.isArray(patch)) return c.json({ error: 'invalid_patch' }, 400);
    Object.assign(h.store.content.settings, patch);
    return c.json(h.store.content.settings);
  });

  app.post('/publish', async (c) => {
    const parsed = PublishSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid_publish', issues: parsed.error.issues }, 400);
    const input = parsed.data;
    const { store } = h;
    // WordPress dates a post in Paris wall-clock time, by the emulator's clock.
    const now = formatWp(store.now());

    let article: WpArticle | undefined;
    let action: 'publish' | 'update' | 'unpublish';
    if (input.create) {
      const category = store.content.categories.find((cat) => cat.slug === input.create!.categorySlug);
      if (!category) return c.json({ error: 'unknown_category' }, 404);
      const model = store.publishedSorted().find((a) => a.categories.includes(category.id)) ?? store.publishedSorted()[0]!;
      const id = Math.max(...store.content.articles.map((a) => a.id)) + 1;
      const slug = `${slugify(input.create.title)}-${id}`;
      const top = category.parent ? store.content.categories.find((p) => p.id === category.parent)! : category;
      article = {
        ...model,
        id,
        slug,
        title: input.create.title,
        link: `/categories/${top.slug}/${slug}`,
        date: now,
        modified: now,
        category: { id: category.id, slug: category.slug, name: category.name },
        categories: [...new Set([category.id, top.id])],
        meta_title: input.create.title,
        excerpt: input.excerpt ?? model.excerpt,
      };
      store.content.articles.unshift(article);
      action = 'publish';
    } else {
      article =
        input.id !== undefined ? store.articleById(input.id) : input.slug ? store.articleBySlug(input.slug) : store.publishedSorted()[0];
      if (!article) return c.json({ error: 'unknown_post' }, 404);
      if (input.title) article.title = input.title;
      if (input.excerpt) article.excerpt = input.excerpt;
      if (input.redirection !== undefined) article.redirection = input.redirection;
      article.modified = now;
      action = 'update';
      if (input.status === 'publish' && article.status !== 'publish') {
        article.status = 'publish';
        article.date = now;
        action = 'publish';
      } else if (input.status === 'draft' && article.status !== 'draft') {
        // Withdrawn, published or scheduled: back to draft, as WordPress's « Passer en brouillon ».
        article.status = 'draft';
        action = 'unpublish';
      }
    }
    h.reindex(article);

    const categories = article.categories
      .map((id) => store.content.categories.find((cat) => cat.id === id))
      .filter((cat) => cat !== undefined)
      .map((cat) => ({ id: cat.id, slug: cat.slug }));
    // A nonce per send, as the plugin adds (the site takes a signature once).
    const body = JSON.stringify({
      type: 'post',
      action,
      post: { id: article.id, slug: article.slug, categories },
      alert: input.alert,
      nonce: crypto.randomUUID(),
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = signPurgeBody(body, h.config.purgeSecret, timestamp);
    const url = `${h.config.workerUrl}/api/purge`;

    let delivered: { status: number; body: unknown } | { error: string } | null = null;
    if (input.notify) {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-ffr-signature': signature, 'x-ffr-timestamp': timestamp },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        delivered = { status: res.status, body: await res.json().catch(() => null) };
      } catch (error) {
        delivered = { error: error instanceof Error ? error.message : String(error) };
      }
    }
    return c.json({
      post: { id: article.id, slug: article.slug, title: article.title, link: article.link },
      purge: { url, body, signature, timestamp, delivered },
    });
  });

  return app;
}

function slugify(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}
