import * as z from 'zod';
import { id, list, nullable, num, record, text } from './mapping';
import { CategoryRefSchema, PostCardListSchema } from './post';
import { LabelSchema, TagSchema } from './tag';

// SPEC §3 Article. Blocks are a discriminated list; a block of an unknown type, or of a known type
// with broken fields, is kept as `unknown` and rendered safely (as nothing but its plain text).

const ImageSchema = z.object({ src: z.string().min(1), alt: text(), width: num(0), height: num(0) });

export const BlockSchema = z.union([
  z.object({ type: z.literal('paragraph'), content: z.string() }),
  z.object({ type: z.literal('heading'), level: z.union([z.literal(2), z.literal(3), z.literal(4)]).catch(2), content: z.string() }),
  z.object({ type: z.literal('list'), ordered: z.boolean().catch(false), items: z.array(z.string()) }),
  z.object({ type: z.literal('image'), image: ImageSchema, caption: text() }),
  z.object({ type: z.literal('gallery'), images: list(ImageSchema.extend({ caption: text() })) }),
  z.object({ type: z.literal('video'), provider: text(), url: text(), embed_url: z.string().min(1), title: text() }),
  z.object({ type: z.literal('quote'), content: z.string(), citation: text() }),
  z.object({ type: z.literal('table'), caption: text(), head: list(z.string()), rows: list(z.array(z.string())) }),
  z.object({ type: z.literal('file'), url: z.string().min(1), title: text(), filesize: num(0), mime: text() }),
  z.object({ type: z.literal('button'), url: z.string().min(1), label: z.string().min(1) }),
  z.object({ type: z.literal('separator') }),
]);
export type Block = z.infer<typeof BlockSchema> | { type: 'unknown'; originalType: string; text: string };

/** Text found anywhere in a block we cannot render, so that nothing the press office wrote is lost. */
function plainText(raw: unknown): string {
  if (typeof raw === 'string') return raw.replace(/<[^>]*>/g, ' ');
  if (Array.isArray(raw)) return raw.map(plainText).join(' ');
  if (raw && typeof raw === 'object') {
    return Object.entries(raw)
      .filter(([k]) => ['content', 'text', 'items', 'caption', 'title', 'label'].includes(k))
      .map(([, v]) => plainText(v))
      .join(' ');
  }
  return '';
}

export const BlocksSchema = z
  .array(z.unknown())
  .catch([])
  .transform((raw): Block[] =>
    raw.map((b) => {
      const parsed = BlockSchema.safeParse(b);
      if (parsed.success) return parsed.data;
      const type = b && typeof b === 'object' && 'type' in b ? String((b as { type: unknown }).type) : 'inconnu';
      return { type: 'unknown', originalType: type, text: plainText(b).replace(/\s+/g, ' ').trim() };
    }),
  );

export const AuthorSchema = z.object({
  nom: text(),
  author_link: text(),
  description: text(),
  role_edition: text(),
  avatar_urls: record({ '48': text(), '96': text() }, { '48': '', '96': '' }),
  phone_number: text(),
  email: text(),
});
export type Author = z.infer<typeof AuthorSchema>;

export const ArticleSchema = z.object({
  id,
  title: z.string(),
  slug: z.string().min(1),
  link: text(),
  date: text(),
  modified: text(),
  label: nullable(LabelSchema),
  caption: text(),
  srcset: text(),
  illustration: text(),
  illustration_video: text(),
  blocs: BlocksSchema,
  tags: list(TagSchema),
  sidebar: nullable(z.object({ title: text(), posts: PostCardListSchema })),
  redirection: text(),
  auteur: nullable(AuthorSchema),
  category: nullable(CategoryRefSchema),
  categories: list(z.number()),
  similarContent: PostCardListSchema,
  file_download_post: nullable(z.object({ url: z.string().min(1), title: text(), filesize: num(0) })),
  meta_title: text(),
  meta_description: text(),
  typeFlow: text('article'),
  excerpt: text(),
});
export type Article = z.infer<typeof ArticleSchema>;

/** A post read by id for a preview: the article and its WordPress status (publish, future, draft, pending, private). */
export const PreviewPostSchema = ArticleSchema.extend({ status: text('publish') });
export type PreviewPost = z.infer<typeof PreviewPostSchema>;
