import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { searchPage, searchRequest } from '../features/search/search.page';

/** /recherche?query=…&post_tags=…&categories=…&sort=…&page=… */
export const searchRoute = (c: Context<AppEnv>) =>
  searchPage(
    c,
    searchRequest((name) => c.req.query(name)),
  );
