import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { installRenderer } from '../features/shell/renderer.server';
import { notFoundPage } from '../render/apology';

/** Any address that leads nowhere; also a machine route's subject that does not exist (it installs the renderer then). */
export function notFoundRoute(c: Context<AppEnv>) {
  installRenderer(c);
  return notFoundPage(c);
}
