import { reset } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseWpDate } from '../../src/lib/format/date';
import { site, siteAt } from './helpers';
import { upstream } from './upstream-control';

// The home page's « nouveaux articles » notice: GET /api/posts?after= counts what was published
// since the page was rendered, from last_posts.json when it can tell, WordPress's posts?after= else.

type Card = { id: number; title: string; date: string };
type NewPosts = { total: number; atLeast: boolean; posts: { title: string; link: string; date: string }[] };
const LISTS = '/wp-content/uploads/newsroom';

beforeEach(async () => {
  await reset();
  await upstream.clearFaults();
  await upstream.reset();
});
const ask = async (after: string, now?: number) => {
  const path = `/api/posts?${new URLSearchParams({ after })}`;
  const res = now === undefined ? await site(path) : await siteAt(now, path);
  return { res, body: (await res.json()) as NewPosts & { error?: string; message?: string } };
};
const postsCalls = async () => Object.keys((await upstream.counters()).routes).filter((r) => r.startsWith('GET /wp-json/ffr/v1/posts'));
const islandAfter = (html: string) => /data-island="NewPosts" data-props="\{&quot;after&quot;:&quot;([^&]+)&quot;\}"/.exec(html)?.[1];
/** A Paris wall-clock date as an instant. */
const instant = (date: string) => parseWpDate(date)!.getTime();

describe('new posts since the home page was rendered', () => {
  it('gives the home page the newest publication date, and counts a post published since, from the static list', async () => {
    const [newest] = await upstream.json<Card[]>(`${LISTS}/last_posts.json`);
    const html = await (await site('/')).text();
    expect(islandAfter(html)).toBe(newest!.date);

    await upstream.resetCounters();
    const none = await ask(newest!.date);
    expect(none.res.status).toBe(200);
    expect(none.body).toEqual({ total: 0, atLeast: false, posts: [] });

    // « Ne pas alerter »: with alerts, the Queue's consumer would ask WordPress for the post up to
    // 2 s later (max_batch_timeout), inside the next test's upstream counts.
    const { post, purge } = await upstream.publish({
      create: { title: 'Le XV de France dévoile son groupe pour le Tournoi', categorySlug: 'xv-de-france' },
      alert: false,
    });
    await site('/api/purge', {
      method: 'POST',
      body: purge.body,
      headers: { 'content-type': 'application/json', 'x-ffr-signature': purge.signature, 'x-ffr-timestamp': purge.timestamp },
    });
    const one = await ask(newest!.date);
    expect(one.body.total).toBe(1);
    expect(one.body.posts[0]).toMatchObject({ title: post.title, link: expect.stringMatching(/^\/categories\/[^/]+\/[^/]+$/) });
    expect(await postsCalls()).toEqual([]);
  });

  it('asks WordPress posts?after= when every post of the list is newer, for a recent date only', async () => {
    const eleven = await upstream.json<Card[]>('/wp-json/ffr/v1/posts?per_page=11');
    const after = eleven[10]!.date;
    // The site's calendar an hour after that post.
    await upstream.resetCounters();
    const recent = await ask(after, instant(after) + 3600_000);
    expect(recent.body.total).toBe(eleven.slice(0, 10).filter((p) => p.date > after).length);
    expect(recent.body.atLeast).toBe(false);
    expect(recent.body.posts.map((p) => p.title)).toEqual(eleven.slice(0, 3).map((p) => p.title));
    expect(await postsCalls()).toEqual(['GET /wp-json/ffr/v1/posts']);

    // Days later the list alone answers « at least »: no made-up date reaches WordPress.
    await upstream.resetCounters();
    const old = await ask(after, instant(after) + 3 * 86_400_000);
    expect(old.body).toMatchObject({ total: 10, atLeast: true });
    expect(await postsCalls()).toEqual([]);
  });

  it('refuses a date that is not a Paris wall-clock time, in French, as JSON', async () => {
    for (const after of ['hier', '2026-13-01T10:00:00', '2026-11-24T10:00:00Z', '2026-11-24']) {
      const { res, body } = await ask(after);
      expect(res.status).toBe(400);
      expect(body).toMatchObject({ error: 'invalid_after', message: expect.stringContaining('date au format') });
    }
    expect((await site('/api/posts')).status).toBe(400);
  });

  it('says so in JSON when neither the list nor WordPress answers', async () => {
    await upstream.fault({ path: '*', kind: 'down' });
    const { res, body } = await ask('2026-11-24T10:00:00');
    expect(res.status).toBe(503);
    expect(body.error).toBe('upstream_unavailable');
  });
});
