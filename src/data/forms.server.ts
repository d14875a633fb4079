import type { Config } from '../config/env.server';
import { tag } from '../cache/tags.server';
import type { Idempotency } from '../cache/idempotency.server';
import { createCf7Client, type SendResult } from '../upstream/cf7.server';
import { UpstreamError } from '../upstream/http.server';
import type { Content } from './content.server';
import { perConfig } from './per-config';

// Contact Form 7 for the request (upstream/cf7.server.ts): a form's definition read through the
// content cache (purged like the content), a sending, and the sendings already answered.

export type Cf7Form = Awaited<ReturnType<ReturnType<typeof createCf7Client>['form']>>;

const cf7Client = perConfig(createCf7Client);

export function createForms(config: Config, content: Content, idempotency: Idempotency) {
  const cf7 = cf7Client(config);
  return {
    /** The form named `slug` mapped by `map`, cached; null when WordPress has no such form (never stored). */
    definition<T>(slug: string, map: (form: Cf7Form) => T): Promise<T | null> {
      return content
        .read(`form:${slug}`, [tag.site, tag.forms], async () => {
          const summary = (await cf7.forms()).find((f) => f.slug === slug);
          if (!summary) throw new UpstreamError('not-found', `contact-form-7:${slug}`);
          return map(await cf7.form(summary.id));
        })
        .catch((error: unknown) => {
          if (error instanceof UpstreamError && error.kind === 'not-found') return null;
          throw error;
        });
    },
    send: (formId: number, body: FormData, userAgent: string): Promise<SendResult> => cf7.send(formId, body, userAgent),
    idempotency,
  };
}

export type Forms = ReturnType<typeof createForms>;
export type { SendResult };
