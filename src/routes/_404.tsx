import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { Apology } from '../ui/Apology';
import { installRenderer } from './_renderer';

/** Any address that leads nowhere, and any route whose subject does not exist. */
export function notFoundPage(c: Context<AppEnv>) {
  installRenderer(c);
  return c.render(<Apology kind="not-found" />, { status: 404, head: { title: 'Page introuvable', noindex: true }, tracking: { page_type: '404' } });
}
