import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { accreditationsPage, accreditationsPostPage } from '../features/forms/accreditations.page';

/** GET /accreditations?formulaire={kind}&evenement={slug} */
export const accreditationsRoute = (c: Context<AppEnv>) =>
  accreditationsPage(c, { formulaire: c.req.query('formulaire'), evenement: c.req.query('evenement') });

/** POST /accreditations?formulaire={kind}: a request sent without JavaScript. */
export const accreditationsPostRoute = (c: Context<AppEnv>) => accreditationsPostPage(c, c.req.query('formulaire'));
