import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { contactPage, contactPostPage } from '../features/forms/contact.page';

/** GET /contact */
export const contactRoute = (c: Context<AppEnv>) => contactPage(c);

/** POST /contact: the form sent without JavaScript. */
export const contactPostRoute = (c: Context<AppEnv>) => contactPostPage(c);
