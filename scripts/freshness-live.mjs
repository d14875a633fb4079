// npm run freshness:live — publish-to-visible on a real deployment (or the running local stack):
// gives one published post a new title THROUGH WordPress, which signs and delivers the purge to the
// site as in production, then reads the post's page and the home page as a reader does (no
// cache-busting) until the new title shows. Restores the post's title at the end.
//
//   npm run freshness:live -- --site URL --wordpress URL [--post ID | --slug SLUG] [--path PATH]
//     [--runs 3] [--interval-ms 100] [--timeout-s 30] [--out FILE]
//
// With WP_USER and WP_APP_PASSWORD (an application password): a real WordPress, through its REST
// API. Without them: the local upstream (npm start), through /__control/publish.
// Exit 0 when every run's page showed the new title within --timeout-s, 1 otherwise, 2 on bad
// arguments or a WordPress that cannot be used.
// Runs under tsx like npm run freshness: node --import tsx scripts/freshness-live.mjs
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { decodeHTML } from 'entities';

const USAGE = `usage: npm run freshness:live -- --site URL --wordpress URL [--post ID | --slug SLUG] [--path PATH]
       [--runs N (3)] [--interval-ms MS (100)] [--timeout-s S (30)] [--out FILE]
  env WP_USER and WP_APP_PASSWORD: a real WordPress (REST API, application password);
  without them, --wordpress is the local upstream (http://127.0.0.1:8790).`;

function usageError(message) {
  console.error(`freshness:live: ${message}\n${USAGE}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      site: { type: 'string' },
      wordpress: { type: 'string' },
      post: { type: 'string' },
      slug: { type: 'string' },
      path: { type: 'string' },
      runs: { type: 'string', default: '3' },
      'interval-ms': { type: 'string', default: '100' },
      'timeout-s': { type: 'string', default: '30' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  usageError(error.message);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const origin = (name) => {
  const value = values[name];
  if (!value) usageError(`--${name} is required`);
  let url;
  try {
    url = new URL(value);
  } catch {
    usageError(`--${name} is not a URL: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') usageError(`--${name} must be http(s): ${value}`);
  return url.href.replace(/\/+$/, '');
};
const integer = (name, min, max) => {
  const value = values[name];
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) usageError(`--${name} must be an integer from ${min} to ${max}: ${value}`);
  return n;
};

const site = origin('site');
const wordpress = origin('wordpress');
const runCount = integer('runs', 1, 1000);
const intervalMs = integer('interval-ms', 10, 60_000);
const timeoutMs = integer('timeout-s', 1, 3600) * 1000;
if (values.post !== undefined && values.slug !== undefined) usageError('--post and --slug are exclusive');
const postId = values.post === undefined ? undefined : integer('post', 1, Number.MAX_SAFE_INTEGER);
if (values.path !== undefined && !values.path.startsWith('/')) usageError(`--path must start with /: ${values.path}`);
const wpUser = process.env.WP_USER;
const wpPassword = process.env.WP_APP_PASSWORD;
const realWordPress = Boolean(wpUser && wpPassword);

// Ctrl-C stops the polling, then the title is restored; a second Ctrl-C quits at once.
const stop = new AbortController();
process.on('SIGINT', () => {
  if (stop.signal.aborted) process.exit(130);
  console.error('interrupted: restoring the title…');
  stop.abort();
});

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
// fetch's network errors say « fetch failed »: the cause's code (ECONNRESET…) is the useful part.
const errorText = (error) => error?.cause?.code ?? error?.message ?? String(error);

/** One JSON call with a deadline; a network error or a non-2xx answer throws. */
async function call(url, { method = 'GET', body, headers = {}, ms = 30_000 } = {}) {
  const res = await fetch(url, {
    method,
    headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(ms),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** The site path of a WordPress link, as the worker reads it (toSitePath, src/lib/links.ts): WordPress may write its own host. */
const sitePath = (link) => {
  const u = new URL(link, site);
  return `${u.pathname}${u.search}`;
};

// ─── The two ways to publish ───────────────────────────────────────────────────────────────────

/**
 * A real WordPress with the federation's plugin: saving the post fires wp_after_insert_post, where
 * Triggers::post_saved (wordpress/ffr-presse-purge/includes/class-triggers.php) queues the body;
 * Sender::flush, on `shutdown` (includes/class-sender.php), signs it (HMAC of `timestamp.body`) and
 * POSTs it to the site's /api/purge after the REST answer has gone (fastcgi_finish_request): the
 * REST call's return is WordPress's acknowledgement, the purge follows it.
 */
function restWordPress() {
  const headers = { authorization: `Basic ${Buffer.from(`${wpUser}:${wpPassword}`).toString('base64')}` };
  const fields = '_fields=id,slug,link,title,status&context=edit';
  const api = `${wordpress}/wp-json/wp/v2/posts`;
  return {
    mode: 'wordpress',
    async find() {
      const post =
        postId !== undefined
          ? await call(`${api}/${postId}?${fields}`, { headers })
          : (
              await call(`${api}?per_page=1&status=publish&${values.slug ? `slug=${encodeURIComponent(values.slug)}&` : ''}${fields}`, {
                headers,
              })
            )[0];
      if (!post) usageError(values.slug ? `no published post with slug ${values.slug}` : 'no published post');
      if (post.status !== 'publish') usageError(`post ${post.id} is not published (${post.status})`);
      // The site links to the `link` of the federation's API, which the worker reads (an editor's
      // application password may read it); core's permalink when that API says nothing.
      const ffr = await call(`${wordpress}/wp-json/ffr/v1/posts/${post.id}`, { headers }).catch(() => null);
      if (ffr?.redirection) console.warn(`post ${post.id} redirects to ${ffr.redirection}: its page may never show the title`);
      return { id: post.id, slug: post.slug, path: sitePath(ffr?.link || post.link), title: post.title.raw };
    },
    async publish(post, title) {
      await call(`${api}/${post.id}`, { method: 'POST', headers, body: { title } });
      return { purge: null };
    },
  };
}

/**
 * The local upstream plays WordPress and its plugin (dev/control/routes.ts): with notify it signs
 * the body as the plugin does and delivers it before answering, so its answer carries the site's.
 */
function emulator(articles) {
  return {
    mode: 'emulator',
    async find() {
      const published = articles.filter((a) => a.status === 'publish').sort((a, b) => b.date.localeCompare(a.date));
      // By default the newest post that stays on the site (a `redirection` sends readers elsewhere).
      const post =
        postId !== undefined
          ? published.find((a) => a.id === postId)
          : values.slug
            ? published.find((a) => a.slug === values.slug)
            : published.find((a) => !a.redirection);
      if (!post) usageError(`no published post ${postId ?? values.slug ?? ''} on ${wordpress}`);
      if (post.redirection) console.warn(`post ${post.id} redirects to ${post.redirection}: its page may never show the title`);
      return { id: post.id, slug: post.slug, path: sitePath(post.link), title: post.title };
    },
    async publish(post, title) {
      const answer = await call(`${wordpress}/__control/publish`, { method: 'POST', body: { id: post.id, title, notify: true } });
      const delivered = answer.purge?.delivered ?? null;
      return { purge: delivered && 'status' in delivered ? { status: delivered.status } : { error: delivered?.error ?? 'not sent' } };
    },
  };
}

async function chooseWordPress() {
  if (realWordPress) return restWordPress();
  try {
    const articles = await call(`${wordpress}/__control/articles?status=publish`, { ms: 10_000 });
    if (Array.isArray(articles)) return emulator(articles);
  } catch {}
  usageError(`${wordpress} is not the local upstream (no /__control/articles): set WP_USER and WP_APP_PASSWORD for a real WordPress`);
}

// ─── Reading the site as a reader ──────────────────────────────────────────────────────────────

/**
 * One reader's GET: no query, no cookie, so it gets what readers get. Never throws: a network
 * error (a kept-alive connection reset, a deadline) is an answer with `error`, and the next
 * interval tries again.
 */
async function read(path, ms) {
  try {
    const res = await fetch(`${site}${path}`, { headers: { accept: 'text/html' }, redirect: 'manual', signal: AbortSignal.timeout(ms) });
    const html = await res.text();
    const ray = res.headers.get('cf-ray');
    return {
      status: res.status,
      cache: res.headers.get('x-ffr-cache'),
      location: ray?.includes('-') ? ray.slice(ray.lastIndexOf('-') + 1) : 'local',
      html,
    };
  } catch (error) {
    return { error: errorText(error), html: '' };
  }
}

/** A few reads until the page is cached again (a purge of a cached page is what a publish meets). */
async function warm(path) {
  let answer;
  for (let i = 0; i < 5; i++) {
    answer = await read(path, 10_000);
    if (answer.cache === 'HIT') break;
    await sleep(200);
  }
  return answer.cache ?? answer.error ?? null;
}

/** Answers without the marker, by location (errors and non-200 answers are failed polls, apart). */
function tally(polls) {
  const stale = polls.filter((p) => p.status === 200 && !p.marker);
  const locations = {};
  for (const p of stale) locations[p.location] = (locations[p.location] ?? 0) + 1;
  return { stale: stale.length, staleLocations: locations, failed: polls.filter((p) => p.status !== 200).length };
}

/** Every marker published, for the restore to check that none shows any more. */
const markers = [];

async function measure(wp, post, homeListed, index) {
  const marker = `LIVE-${randomBytes(4).toString('hex')}`;
  markers.push(marker);
  const cacheBefore = await warm(post.path);
  if (homeListed) await warm('/');

  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  const run = { run: index + 1, marker, cacheBefore, publishToAckMs: null, publishToVisibleMs: null, homeVisibleMs: null, purge: null };
  // Polling starts with the publish call: WordPress stores the post before it tells the site, so a
  // reader may see the new title before the acknowledgement.
  let publishError = null;
  const publishing = wp.publish(post, `Communiqué ${marker}`).then(
    (answer) => {
      run.publishToAckMs = since();
      run.purge = answer.purge;
    },
    (error) => {
      publishError = errorText(error);
    },
  );

  const polls = { article: [], home: [] };
  const poll = async (target, path) => {
    const at = since();
    const answer = await read(path, Math.min(10_000, Math.max(1000, timeoutMs - at)));
    const { html, ...rest } = answer;
    const entry = { ms: at, ...rest, marker: html.includes(marker) };
    polls[target].push(entry);
    if (entry.marker && answer.status === 200) {
      if (target === 'article') run.publishToVisibleMs ??= since();
      else run.homeVisibleMs ??= since();
    }
  };
  while (since() < timeoutMs && !stop.signal.aborted && publishError === null) {
    const tick = performance.now();
    const reads = [];
    if (run.publishToVisibleMs === null) reads.push(poll('article', post.path));
    if (homeListed && run.homeVisibleMs === null) reads.push(poll('home', '/'));
    if (reads.length === 0) break;
    await Promise.all(reads);
    await sleep(Math.max(0, intervalMs - (performance.now() - tick)));
  }
  await publishing;

  const article = tally(polls.article);
  const home = tally(polls.home);
  const visible = run.publishToVisibleMs !== null && run.publishToVisibleMs <= timeoutMs;
  Object.assign(run, {
    visible,
    publishError,
    staleAnswers: article.stale,
    staleLocations: article.staleLocations,
    staleAfterAck: polls.article.filter((p) => p.status === 200 && !p.marker && run.publishToAckMs !== null && p.ms >= run.publishToAckMs)
      .length,
    failedPolls: article.failed,
    home: homeListed ? { staleAnswers: home.stale, staleLocations: home.staleLocations, failedPolls: home.failed } : null,
    polls,
  });
  const locations = Object.entries(article.staleLocations).map(([where, n]) => `${where} ×${n}`);
  const last = polls.article.at(-1);
  console.log(
    [
      `run ${run.run}/${runCount}`,
      `ack ${run.publishToAckMs ?? '–'} ms`,
      visible ? `visible ${run.publishToVisibleMs} ms (${last?.cache ?? '?'}, ${last?.location ?? '?'})` : 'NOT VISIBLE',
      homeListed ? `home ${run.homeVisibleMs ?? 'not seen'}${run.homeVisibleMs === null ? '' : ' ms'}` : 'home does not list the post',
      `${article.stale} old-title answers${locations.length ? ` (${locations.join(', ')})` : ''}`,
      `${article.failed} failed polls`,
      run.purge ? `purge ${run.purge.status ?? run.purge.error}` : realWordPress ? 'purge sent by the plugin' : 'purge ?',
      publishError ? `publish failed: ${publishError}` : '',
    ]
      .filter(Boolean)
      .join(' · '),
  );
  return run;
}

/** The original title back, then read until the page shows none of the markers. */
async function restore(wp, post, markers) {
  const started = performance.now();
  try {
    await wp.publish(post, post.title);
  } catch (error) {
    return { ok: false, error: errorText(error) };
  }
  const ackMs = Math.round(performance.now() - started);
  while (performance.now() - started < timeoutMs) {
    const answer = await read(post.path, 10_000);
    if (answer.status === 200 && !markers.some((m) => answer.html.includes(m)))
      return { ok: true, ackMs, visibleMs: Math.round(performance.now() - started) };
    await sleep(intervalMs);
  }
  return { ok: false, ackMs, error: `the page still shows a marker after ${timeoutMs / 1000} s` };
}

/** Nearest rank: p99 of three runs is their max. */
function percentile(sorted, p) {
  return sorted.length ? sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] : null;
}
function figures(numbers) {
  const sorted = numbers.filter((n) => n !== null).sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? null, n: sorted.length };
}

// ─── Main ──────────────────────────────────────────────────────────────────────────────────────

const wp = await chooseWordPress();
let post;
try {
  post = await wp.find();
} catch (error) {
  usageError(`cannot read the post from ${wordpress}: ${errorText(error)}`);
}
if (values.path) post.path = values.path;
if (/^Communiqué LIVE-[0-9a-f]{8}$/.test(post.title))
  console.warn(`post ${post.id} still has an earlier run's title: it is what will be restored`);
// The home is waited for only when it shows this post's title now. Compared without spaces and
// with plain quotes: the site decodes WordPress's entities and sets French typography (a narrow
// no-break space before « : », curly apostrophes).
const loose = (text) =>
  decodeHTML(text)
    .replace(/\s+/g, '')
    .replace(/[’‘]/g, "'")
    .replace(/[“”«»]/g, '"');
// Nothing is published before the page is known to show the post: a wrong path would time out.
const page = await read(post.path, 10_000);
if (page.status !== 200 || !loose(page.html).includes(loose(post.title)))
  usageError(
    `${site}${post.path} does not show post ${post.id} « ${post.title} » (${page.error ?? `HTTP ${page.status}`}): give its --path`,
  );
const home = await read('/', 10_000);
const homeListed = home.status === 200 && home.html.includes(`href="${post.path}"`) && loose(home.html).includes(loose(post.title));
console.log(
  `${wp.mode === 'wordpress' ? 'WordPress' : 'local upstream'} ${wordpress} → ${site}${post.path} (post ${post.id}), ${runCount} runs every ${intervalMs} ms, ${timeoutMs / 1000} s at most`,
);

const runs = [];
let restored;
try {
  for (let i = 0; i < runCount && !stop.signal.aborted; i++) runs.push(await measure(wp, post, homeListed, i));
} finally {
  restored = await restore(wp, post, markers);
  console.log(
    restored.ok
      ? `title restored: ack ${restored.ackMs} ms, page back ${restored.visibleMs} ms`
      : `TITLE NOT RESTORED (${restored.error}): « ${post.title} »`,
  );
}

const summary = {
  publishToAckMs: figures(runs.map((r) => r.publishToAckMs)),
  publishToVisibleMs: figures(runs.map((r) => (r.visible ? r.publishToVisibleMs : null))),
  homeVisibleMs: figures(runs.map((r) => r.homeVisibleMs)),
  visibleRuns: runs.filter((r) => r.visible).length,
  staleAnswers: runs.reduce((n, r) => n + r.staleAnswers, 0),
};
const fmt = ({ p50, p99, max }) => `p50 ${p50 ?? '–'} · p99 ${p99 ?? '–'} · max ${max ?? '–'} ms`;
console.log(
  `publish → visible ${fmt(summary.publishToVisibleMs)} · ack ${fmt(summary.publishToAckMs)} · ${summary.visibleRuns}/${runCount} runs visible`,
);

if (values.out) {
  const result = {
    site,
    wordpress,
    mode: wp.mode,
    post: { id: post.id, slug: post.slug, path: post.path, title: post.title },
    homeListed,
    intervalMs,
    timeoutMs,
    summary,
    restored,
    runs,
    details: { date: new Date().toISOString(), node: process.version },
  };
  await writeFile(values.out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`→ ${values.out}`);
}
if (stop.signal.aborted) process.exit(130);
process.exit(runs.length === runCount && runs.every((r) => r.visible) && restored.ok ? 0 : 1);
