import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { settle } from '../data/loaded';
import { breadcrumbLd } from '../features/feeds/json-ld';
import { StoryView } from '../features/stories/StoryView';
import { canonical, siteOrigin } from '../render/site';
import { STORY_ID } from '../schemas/story';
import { Apology } from '../ui/Apology';
import { notFoundPage } from './_404';

/** /stories/{id}: one story of « Recherches du moment », read by its id (SPEC §7). */
export async function storyRoute(c: Context<AppEnv>) {
  const id = c.req.param('id') ?? '';
  if (!STORY_ID.test(id)) return notFoundPage(c);
  const story = await settle(c.get('content').story(id), `story ${id}`);
  if (story.status === 'not-found') return notFoundPage(c);
  if (story.status === 'failure') {
    return c.render(<Apology kind="failure" path={c.req.path} />, { status: 503, head: { title: 'Story indisponible', noindex: true }, tracking: { page_type: 'story' } });
  }
  const s = story.data;
  const origin = siteOrigin(c);
  return c.render(<StoryView story={s} />, {
    head: {
      title: s.titre || 'Recherches du moment',
      description: s.slides[0]?.texte,
      canonical: canonical(c),
      image: s.couverture || undefined,
      jsonLd: [breadcrumbLd([{ name: 'Accueil', url: `${origin}/` }, { name: s.titre, url: canonical(c) }])],
      styles: ['stories'],
    },
    tracking: { page_type: 'story' },
  });
}
