import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env';
import { markPurged, tag } from './tags.server';

// POST /api/purge — called by WordPress after a publish (wp_after_insert_post). The body is signed
// like the common webhook plugins do: header X-FFR-Signature = base64(HMAC-SHA256(body, secret)).

export const SIGNATURE_HEADER = 'x-ffr-signature';

const CategoryRef = z.object({ id: z.number().int().nonnegative(), slug: z.string().min(1) });

export const PurgeBodySchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('post'),
    action: z.enum(['publish', 'update', 'trash', 'unpublish']),
    post: z.object({ id: z.number().int().positive(), slug: z.string().min(1), categories: z.array(CategoryRef).default([]) }),
  }),
  z.object({ type: z.literal('event'), action: z.string(), event: z.object({ id: z.number().int(), slug: z.string() }) }),
  z.object({ type: z.literal('site'), action: z.string() }),
]);
export type PurgeBody = z.infer<typeof PurgeBodySchema>;

/** Everything a published item shows up in. */
export function tagsFor(body: PurgeBody): string[] {
  switch (body.type) {
    case 'post':
      return [
        tag.post(body.post.slug),
        tag.postId(body.post.id),
        tag.home,
        tag.lists,
        ...body.post.categories.flatMap((c) => [tag.category(c.id), tag.categorySlug(c.slug)]),
      ];
    case 'event':
      return [tag.events, tag.home];
    case 'site':
      return [tag.site, tag.home, tag.lists];
  }
}

async function verify(secret: string, body: ArrayBuffer, signature: string | undefined): Promise<boolean> {
  if (!signature) return false;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = Uint8Array.from(atob(signature.trim()), (ch) => ch.charCodeAt(0));
  } catch {
    return false;
  }
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  // subtle.verify compares in constant time.
  return crypto.subtle.verify('HMAC', key, bytes, body);
}

export async function purgeHandler(c: Context<AppEnv>) {
  const raw = await c.req.arrayBuffer();
  if (!(await verify(c.var.config.PURGE_SECRET, raw, c.req.header(SIGNATURE_HEADER)))) {
    return c.json({ error: 'invalid_signature', message: 'Signature absente ou invalide.' }, 401);
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    return c.json({ error: 'invalid_json', message: 'Le corps de la requête n’est pas du JSON valide.' }, 400);
  }
  const parsed = PurgeBodySchema.safeParse(json);
  if (!parsed.success) {
    return c.json({ error: 'invalid_body', message: 'Corps de purge invalide.', issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }, 400);
  }
  const tags = tagsFor(parsed.data);
  await markPurged(c.env.CACHE, tags);
  return c.json({ purged: tags });
}
