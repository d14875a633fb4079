import { Hono } from 'hono';
import { z } from 'zod';
import type { ContentStore } from '../store';
import { cf7State, FORCED_STATUSES, forceNextStatus } from './state';

// /__control/cf7 — forces the status of the NEXT contact-form submission, so that tests can see
// how the site answers CF7's failures:
//   POST   /__control/cf7 {"next": "mail_failed" | "spam" | "aborted" | "acceptance_missing" | null}
//   GET    /__control/cf7  → {"next": …}
//   DELETE /__control/cf7  → clears it
// Mount in dev/server.ts: app.route('/__control/cf7', createCf7Control(store));

const ForceSchema = z.object({ next: z.enum(FORCED_STATUSES).nullable() });

export function createCf7Control(store: ContentStore) {
  const app = new Hono();
  app.get('/', (c) => c.json({ next: cf7State(store).next }));
  app.post('/', async (c) => {
    const parsed = ForceSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid_cf7_control', allowed: FORCED_STATUSES, issues: parsed.error.issues }, 400);
    forceNextStatus(store, parsed.data.next);
    return c.json({ next: parsed.data.next });
  });
  app.delete('/', (c) => {
    forceNextStatus(store, null);
    return c.json({ next: null });
  });
  return app;
}
