import { reset } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { site } from './helpers';
import { upstream } from './upstream-control';

// « Recherches du moment » (SPEC §2, §7): each story read by its id, on a page of this site.

type Story = { id: string; titre: string; slides: Array<{ image: string; texte: string; lien: string }> };
type Settings = { stories: Array<{ id: string; title: string }>; stories_top: string };

beforeEach(async () => {
  await reset();
  await upstream.clearFaults();
  await upstream.reset();
});

const get = async (path: string) => {
  const res = await site(path, { redirect: 'manual' });
  return { res, body: await res.text() };
};
const apos = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#x27;');

describe('/stories/{id}', () => {
  it('links the search panel’s featured stories to their page here, and reads each story by its id', async () => {
    const settings = await upstream.json<Settings>('/wp-json/ffr/v1/settings');
    const featured = settings.stories_top
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    const { body: home } = await get('/');
    // The panel opens with JavaScript: its stories travel in the search box island's props.
    for (const id of featured.slice(0, 5)) expect(home).toContain(`&quot;url&quot;:&quot;/stories/${id}&quot;`);

    const [id] = featured;
    const story = await upstream.json<Story>(`/wp-json/ffr/v1/stories/${id}`);
    await upstream.resetCounters();
    const { res, body } = await get(`/stories/${id}`);
    expect(res.status).toBe(200);
    expect((await upstream.counters()).routes[`GET /wp-json/ffr/v1/stories/${id}`]).toBe(1);
    expect(body).toContain(`<h1>${apos(story.titre)}</h1>`);
    expect(body).toContain('data-island="StoryPlayer"');
    const { assets } = await import('../../src/config/assets');
    expect(body).toContain(`<link rel="stylesheet" href="${assets['stories.css']}"/>`);
    for (const slide of story.slides) expect(body).toContain(apos(slide.texte));
    expect(body).toContain(`${story.slides.length} sur ${story.slides.length}`);
    // A second reader gets the cached page: no second call for the story.
    await get(`/stories/${id}`);
    expect((await upstream.counters()).routes[`GET /wp-json/ffr/v1/stories/${id}`]).toBe(1);
  });

  it('answers 404 for an unknown story (WordPress rest_story_invalid_id) and never asks for an id that is not one', async () => {
    expect((await get('/stories/st000000')).res.status).toBe(404);
    await upstream.resetCounters();
    expect((await get('/stories/%3Cscript%3E')).res.status).toBe(404);
    expect(Object.keys((await upstream.counters()).routes).filter((r) => r.includes('/stories'))).toEqual([]);
  });

  it('answers the French 503 apology with Retry-After when WordPress fails', async () => {
    const settings = await upstream.json<Settings>('/wp-json/ffr/v1/settings');
    const id = settings.stories[0]!.id;
    await upstream.fault({ path: `/wp-json/ffr/v1/stories/${id}`, kind: 'status', status: 500 });
    const { res, body } = await get(`/stories/${id}`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).not.toBeNull();
    expect(body).toContain('Merci de rafraîchir la page');
  });
});
