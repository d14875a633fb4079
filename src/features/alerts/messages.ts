import * as z from 'zod';

// What travels on the alerts' Queue (a few hundred bytes each), validated when it is read back.

// 'accreditation:<event>:<answer>': the press office's answer to one journalist's request.
const item = z.string().regex(/^(?:(?:post|event|deadline):[1-9]\d{0,9}|accreditation:[1-9]\d{0,9}:(?:valide|refuse))$/);
const subscriber = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

export const AlertMessageSchema = z.discriminatedUnion('kind', [
  /** A post was published: fan it out to its followers (the producer is the purge, cache/purge.server.ts). */
  z.object({ kind: z.literal('post'), id: z.number().int().positive(), slug: z.string().min(1).max(200) }),
  /** A post left publication: what waits for it is dropped (its sends also check WordPress first). */
  z.object({ kind: z.literal('withdraw'), id: z.number().int().positive() }),
  /** One mail to one journalist about one item. */
  z.object({ kind: z.literal('send'), item, subscriber }),
  /** One journalist's morning digest. */
  z.object({ kind: z.literal('digest'), subscriber }),
]);
export type AlertMessage = z.infer<typeof AlertMessageSchema>;
