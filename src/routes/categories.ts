import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { pressKit } from '../features/reading/article/press-kit.server';
import { categoryChildPage, categoryPage } from '../features/reading/category/category.page';
import { notFoundRoute } from './_404';

/** /categories/{category} */
export const categoryRoute = (c: Context<AppEnv>) => categoryPage(c, c.req.param('slug')!);

/** /categories/{category}/{sub-category or article} */
export const categoryChildRoute = (c: Context<AppEnv>) => categoryChildPage(c, c.req.param('slug')!, c.req.param('second')!);

/** /categories/{category}/{article}/kit-presse.zip */
export const pressKitRoute = async (c: Context<AppEnv>) => (await pressKit(c, c.req.param('post')!)) ?? notFoundRoute(c);
