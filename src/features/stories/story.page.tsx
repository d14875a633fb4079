import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { settle } from '../../data/loaded';
import { STORY_TRAIL, StoryView } from './StoryView';
import { canonical } from '../../render/site';
import { STORY_ID } from '../../schemas/story';
import { notFoundPage, unavailablePage } from '../../render/apology';

/** /stories/{id}: one story of « Recherches du moment », read by its id (SPEC §7). */
export async function storyPage(c: Context<AppEnv>, id: string) {
  if (!STORY_ID.test(id)) return notFoundPage(c);
  const story = await settle(c.get('content').story(id), `story ${id}`);
  if (story.status === 'not-found') return notFoundPage(c);
  if (story.status === 'failure') return unavailablePage(c, { title: 'Story indisponible', tracking: { page_type: 'story' } });
  const s = story.data;
  return c.render(<StoryView story={s} />, {
    head: {
      title: s.titre || 'Recherches du moment',
      description: s.slides[0]?.texte,
      canonical: canonical(c),
      image: s.couverture || undefined,
      breadcrumb: [...STORY_TRAIL, { name: s.titre, href: c.req.path }],
      styles: ['stories'],
    },
    tracking: { page_type: 'story' },
  });
}
