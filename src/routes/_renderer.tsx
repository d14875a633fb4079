import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { installRenderer } from '../features/shell/renderer.server';

/**
 * For the HTML pages: the shell's data starts as the page starts its own. Machine routes (feeds,
 * calendars, JSON) are registered before it and never pay for the shell.
 */
export const renderer = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  installRenderer(c);
  await next();
};
