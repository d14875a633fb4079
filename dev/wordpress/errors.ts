import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** WordPress REST error body: {code, message, data: {status}}. */
export function wpError(c: Context, status: ContentfulStatusCode, code: string, message: string, extra: Record<string, unknown> = {}) {
  return c.json({ code, message, data: { status, ...extra } }, status);
}

/** A refused parameter, as rest_validate_request_arg's errors reach the client (class-wp-rest-request.php, has_valid_params). */
export const invalidParam = (c: Context, param: string, reason: string, detailCode = 'rest_invalid_param') =>
  wpError(c, 400, 'rest_invalid_param', `Paramètre(s) non valide(s) : ${param}`, {
    params: { [param]: reason },
    details: { [param]: { code: detailCode, message: reason, data: null } },
  });
