import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** WordPress REST error body: {code, message, data: {status}}. */
export function wpError(c: Context, status: ContentfulStatusCode, code: string, message: string, extra: Record<string, unknown> = {}) {
  return c.json({ code, message, data: { status, ...extra } }, status);
}

export const invalidParam = (c: Context, param: string, reason: string) =>
  wpError(c, 400, 'rest_invalid_param', `Paramètre(s) non valide(s) : ${param}`, { params: { [param]: reason } });
