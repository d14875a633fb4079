import * as z from 'zod';
import type { Config } from '../config/env.server';
import { list, text } from '../schemas/mapping';
import { basicAuth, requestJson } from './http.server';

// Contact Form 7's REST API (SPEC §7): the forms and their feedback endpoint.

/**
 * SPEC §9's 6 000 000 ms is how long the site's browser client waited; a worker's answer cannot
 * wait that long (docs/security.md, « Deadlines »). A sending WordPress has not answered within
 * a minute is told « we do not know whether it left » (outcome unknown), with the input kept.
 */
export const CF7_TIMEOUT_MS = 60_000;

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
  // Reading needs an editor (includes/rest-api.php): the list asks wpcf7_read_contact_forms
  // (edit_posts), one form wpcf7_edit_contact_form (publish_pages, includes/capabilities.php);
  // anonymous reads get 403 wpcf7_forbidden. Only the reads carry the credential.
  const authorization = basicAuth(config.CF7_CREDENTIALS);
  const read = { timeoutMs: config.UPSTREAM_TIMEOUT_MS, headers: { authorization } };
  return {
    forms: async () => (await requestJson(`${base}?force=oui`, z.array(z.unknown()).pipe(list(FormSummarySchema)), read)).data,
    form: async (id: number) => (await requestJson(`${base}/${id}?force=oui`, z.unknown(), read)).data,
    /**
     * Multipart, no cookies and no credential: the feedback route is public (permission_callback
     * __return_true, includes/rest-api.php), so an anonymous visitor's message goes as anonymous,
     * never as the editor the reads use. The visitor's User-Agent goes along (CF7 calls one
     * shorter than 2 characters spam, includes/submission.php).
     */
    send: async (id: number, body: FormData, userAgent: string) =>
      (
        await requestJson(`${base}/${id}/feedback`, SendResultSchema, {
          method: 'POST',
          body,
          timeoutMs: CF7_TIMEOUT_MS,
          headers: { 'user-agent': userAgent || 'FFR Presse' },
        })
      ).data,
  };
}
