import { z } from 'zod';
import type { Config } from '../config/env.server';
import { list, text } from '../schemas/mapping';
import { basicAuth, requestJson } from './http.server';

// Contact Form 7's REST API (SPEC §7): the forms and their feedback endpoint.

/** SPEC §9: the contact form's timeout, 6 000 000 ms. */
export const CF7_TIMEOUT_MS = 6_000_000;

const FormSummarySchema = z.object({ id: z.coerce.number().int(), slug: z.string().min(1), title: text(), locale: text() });
export type FormSummary = z.infer<typeof FormSummarySchema>;

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
  return {
    forms: async () => (await requestJson(`${base}?force=oui`, z.array(z.unknown()).pipe(list(FormSummarySchema)), { timeoutMs: config.UPSTREAM_TIMEOUT_MS })).data,
    form: async (id: number) => (await requestJson(`${base}/${id}?force=oui`, z.unknown(), { timeoutMs: config.UPSTREAM_TIMEOUT_MS })).data,
    /** Multipart, no cookies, the basic credential, and the visitor's User-Agent (CF7 calls short ones spam). */
    send: async (id: number, body: FormData, userAgent: string) =>
      (
        await requestJson(`${base}/${id}/feedback`, SendResultSchema, {
          method: 'POST',
          body,
          timeoutMs: CF7_TIMEOUT_MS,
          headers: { authorization: basicAuth(config.CF7_CREDENTIALS), 'user-agent': userAgent || 'FFR Presse' },
        })
      ).data,
  };
}
