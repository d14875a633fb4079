import { z } from 'zod';
import type { Config } from '../config/env.server';
import { list, text } from '../schemas/mapping';
import { basicAuth, requestJson } from './http.server';

// Contact Form 7's REST API (SPEC §7): the forms and their feedback endpoint.

/** SPEC §9: the contact form's timeout, 6 000 000 ms. */
export const CF7_TIMEOUT_MS = 6_000_000;

const FormSummarySchema = z.object({ id: z.coerce.number().int(), slug: z.string().min(1), title: text(), locale: text() });

/** SPEC §3 Form send result. */
export const SendResultSchema = z.object({
  status: z.string(),
  message: text(),
  into: text(),
  invalid_fields: list(z.object({ field: z.string(), message: text() })),
});
export type SendResult = z.infer<typeof SendResultSchema>;

export function createCf7Client(config: Config) {
  const base = `${config.WP_API_URL}/contact-form-7/v1/contact-forms`;
  // Reading forms needs an editor: wpcf7_read_contact_forms / wpcf7_edit_contact_form map to
  // edit_posts / publish_pages (includes/capabilities.php); anonymous reads get 403 wpcf7_forbidden.
  const authorization = basicAuth(config.CF7_CREDENTIALS);
  const read = { timeoutMs: config.UPSTREAM_TIMEOUT_MS, headers: { authorization } };
  return {
    forms: async () => (await requestJson(`${base}?force=oui`, z.array(z.unknown()).pipe(list(FormSummarySchema)), read)).data,
    form: async (id: number) => (await requestJson(`${base}/${id}?force=oui`, z.unknown(), read)).data,
    /**
     * Multipart, no cookies, the basic credential (SPEC §7; the route itself is public, but a wrong
     * credential makes WordPress answer 401 to any request), and the visitor's User-Agent (CF7
     * calls one shorter than 2 characters spam, includes/submission.php).
     */
    send: async (id: number, body: FormData, userAgent: string) =>
      (
        await requestJson(`${base}/${id}/feedback`, SendResultSchema, {
          method: 'POST',
          body,
          timeoutMs: CF7_TIMEOUT_MS,
          headers: { authorization, 'user-agent': userAgent || 'FFR Presse' },
        })
      ).data,
  };
}
