import { Hono } from 'hono';
import * as z from 'zod';
import type { ContentStore } from '../content/store';
import { cf7State, FORCED_STATUSES, forceNextStatus } from './state';

// /__control/cf7 — what the press office or a broken setup can do to Contact Form 7, for tests:
//   POST   /__control/cf7 {"next": "mail_failed" | "spam" | "aborted" | "acceptance_missing" | null}
//          forces the status of the NEXT submission; {"credentialRevoked": true} revokes the site's
//          application password (every request carrying it gets 401)
//   GET    /__control/cf7  → {"next": …, "credentialRevoked": …}
//   DELETE /__control/cf7  → clears both
//   PUT    /__control/cf7/forms/{slug} {"form": "…markup…"} saves a new markup, as an editor would
//   DELETE /__control/cf7/forms/{slug} deletes the form (POST /__control/reset brings it back)
// Mount in dev/server.ts: app.route('/__control/cf7', createCf7Control(store));

const ForceSchema = z.object({ next: z.enum(FORCED_STATUSES).nullable().optional(), credentialRevoked: z.boolean().optional() });
const FormEditSchema = z.object({ form: z.string().min(1).max(20_000) });

export function createCf7Control(store: ContentStore) {
  const app = new Hono();
  const snapshot = () => ({ next: cf7State(store).next, credentialRevoked: cf7State(store).credentialRevoked });
  app.get('/', (c) => c.json(snapshot()));
  app.post('/', async (c) => {
    const parsed = ForceSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid_cf7_control', allowed: FORCED_STATUSES, issues: parsed.error.issues }, 400);
    if (parsed.data.next !== undefined) forceNextStatus(store, parsed.data.next);
    if (parsed.data.credentialRevoked !== undefined) cf7State(store).credentialRevoked = parsed.data.credentialRevoked;
    return c.json(snapshot());
  });
  app.delete('/', (c) => {
    forceNextStatus(store, null);
    cf7State(store).credentialRevoked = false;
    return c.json(snapshot());
  });
  app.put('/forms/:slug', async (c) => {
    const form = store.content.forms.find((f) => f.slug === c.req.param('slug'));
    if (!form) return c.json({ error: 'unknown_form' }, 404);
    const parsed = FormEditSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid_form', issues: parsed.error.issues }, 400);
    form.properties.form = parsed.data.form;
    return c.json({ id: form.id, slug: form.slug });
  });
  // An editor deletes a form (until POST /__control/reset).
  app.delete('/forms/:slug', (c) => {
    const before = store.content.forms.length;
    store.content.forms = store.content.forms.filter((f) => f.slug !== c.req.param('slug'));
    return store.content.forms.length < before ? c.json({ deleted: c.req.param('slug') }) : c.json({ error: 'unknown_form' }, 404);
  });
  return app;
}
