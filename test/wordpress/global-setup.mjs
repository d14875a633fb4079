// The whole publish path for real: MariaDB + Debian's WordPress with the purge plugin
// (scripts/wordpress/setup.mjs), the local upstream for everything that is not WordPress (Algolia,
// OpenID Connect, middleware), and the worker under wrangler dev reading that WordPress, with a
// fresh KV state. Everything started here is stopped at the end, or if starting fails.
import { join } from 'node:path';
import { ensureDevVars, siteUrl, startUpstreamProcess, startWrangler, stopAll, upstreamUrl, waitFor } from '../../scripts/lib/stack.mjs';
import { newestWordPress, startWordPress } from '../../scripts/wordpress/setup.mjs';
import { TEST_NOW } from '../support/clock';

export default async function setup({ provide }) {
  const t0 = performance.now();
  const vars = await ensureDevVars();
  const quiet = !process.env.WORDPRESS_VERBOSE;
  let wp;
  try {
    // npm test runs this suite twice: on Debian 12's WordPress (6.1, the oldest the plugin
    // supports), then, with WORDPRESS_RELEASE=newest, on the newest Debian carries.
    const newest = process.env.WORDPRESS_RELEASE === 'newest' ? newestWordPress() : null;
    if (newest) console.log(`WordPress ${newest.version} (Debian unstable).`);
    // The worker's secrets: the purge's, and the one its preview and embargo links are signed with;
    // the drafts are read with WP_PREVIEW_CREDENTIALS.
    wp = await startWordPress({
      ...(newest ? { source: newest.path } : {}),
      purge: { url: `${siteUrl}/api/purge`, secret: vars.PURGE_SECRET },
      preview: { secret: vars.PREVIEW_SECRET, credentials: vars.WP_PREVIEW_CREDENTIALS },
      formsSecret: vars.FORMS_SECRET,
    });
    // The local upstream (search, sign-in, middleware) and the worker's calendar stand at TEST_NOW;
    // WordPress keeps its own clock, as the real one does: its posts are dated when the tests write them.
    startUpstreamProcess(vars, { quiet, env: { UPSTREAM_QUIET: '1', UPSTREAM_NOW: TEST_NOW } });
    await waitFor(`${upstreamUrl}/`);
    // WordPress's two addresses come from --var only: left in `vars`, the upstream port rewrite
    // of stack.mjs would pass them a second time.
    const { WP_API_URL: _api, STATIC_LISTS_URL: _lists, ...others } = vars;
    startWrangler(others, {
      quiet,
      persistTo: join(wp.dir, 'wrangler-state'),
      vars: { WP_API_URL: `${wp.url}/wp-json`, STATIC_LISTS_URL: `${wp.url}/wp-content/uploads/newsroom`, SITE_NOW: TEST_NOW },
      // React's production build, as deployed (wrangler bundles with vitest's NODE_ENV, « test »).
      env: { NODE_ENV: 'production' },
    });
    await waitFor(`${siteUrl}/`, { timeoutMs: 120_000, ok: (r) => r.status === 200 });
  } catch (error) {
    stopAll();
    await wp?.stop();
    throw error;
  }
  const startSeconds = Math.round((performance.now() - t0) / 100) / 10;
  console.log(`Pile WordPress prête en ${startSeconds} s (WordPress ${wp.timings.total} s).`);
  provide('wordpress', {
    url: wp.url,
    abspath: wp.abspath,
    debugLog: wp.debugLog,
    overridesFile: wp.overridesFile,
    users: wp.users,
    categories: wp.categories,
    timings: wp.timings,
    siteUrl,
    purgeSecret: vars.PURGE_SECRET,
    formsSecret: vars.FORMS_SECRET,
    preview: wp.preview,
  });
  return async () => {
    stopAll();
    await wp.stop();
  };
}
