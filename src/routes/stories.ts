import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { storyPage } from '../features/stories/story.page';

/** /stories/{id} */
export const storyRoute = (c: Context<AppEnv>) => storyPage(c, c.req.param('id') ?? '');
