import type { Context } from 'hono';
import type { AppEnv } from '../../../app-env';
import { hasPressKit } from './ArticleView';
import { settle } from '../../../data/loaded';
import { formatDateTime } from '../../../lib/format/date';
import { toSitePath } from '../../../lib/links';
import { createZipStream, type ZipEntry } from '../../../lib/zip/zip-stream';
import type { Article } from '../../../schemas/article';
import { siteOrigin } from '../../../render/site';
import { cacheControl } from '../../../http/cache-control';

// « Télécharger le kit presse »: one zip of an article's media, streamed as the files arrive
// from the media library, so the worker never holds a whole kit in memory.

type Media = { url: string; caption: string };

export function articleMedia(article: Article): Media[] {
  const media: Media[] = [];
  if (article.illustration) media.push({ url: article.illustration, caption: article.caption });
  for (const block of article.blocs) {
    if (block.type === 'image') media.push({ url: block.image.src, caption: block.caption });
    if (block.type === 'gallery') for (const img of block.images) media.push({ url: img.src, caption: img.caption });
    if (block.type === 'file') media.push({ url: block.url, caption: block.title });
  }
  if (article.file_download_post) media.push({ url: article.file_download_post.url, caption: article.file_download_post.title });
  const seen = new Set<string>();
  return media.filter((m) => m.url && !seen.has(m.url) && seen.add(m.url));
}

function fileName(url: URL, index: number): string {
  const raw = url.pathname.split('/').pop() || `media-${index}`;
  let base = raw;
  try {
    base = decodeURIComponent(raw);
  } catch {
    // A malformed escape in a media address (%ZZ) keeps its raw name rather than losing the kit.
  }
  return `${String(index).padStart(2, '0')}-${base}`;
}

/** The kit of the article `slug`; null when it has none or does not exist. */
export async function pressKit(c: Context<AppEnv>, slug: string): Promise<Response | null> {
  const article = await settle(c.get('content').article(slug), `article ${slug}`);
  if (article.status === 'failure') return c.text('Le kit presse est momentanément indisponible. Réessayez dans quelques instants.', 503);
  if (article.status !== 'success' || !hasPressKit(article.data)) return null;
  const a = article.data;
  const library = c.get('media');
  const media = articleMedia(a)
    .map((m) => ({ ...m, parsed: library.resolve(m.url) }))
    .filter((m): m is Media & { parsed: URL } => m.parsed !== null);
  const origin = siteOrigin(c);

  async function* entries(): AsyncGenerator<ZipEntry> {
    const missing: string[] = [];
    const lines: string[] = [];
    let index = 0;
    for (const m of media) {
      index++;
      const body = await library.stream(m.parsed);
      const name = fileName(m.parsed, index);
      if (!body) {
        missing.push(m.parsed.href);
        continue;
      }
      lines.push(`${name}${m.caption ? ` — ${m.caption}` : ''}`);
      yield { name, data: body };
    }
    const readme = [
      a.title,
      `${origin}${toSitePath(a.link)}`,
      `Publié le ${formatDateTime(a.date)}`,
      '',
      'Contenu du kit\u202f:',
      ...lines.map((l) => `- ${l}`),
      ...(missing.length ? ['', 'Fichiers indisponibles au moment du téléchargement\u202f:', ...missing.map((u) => `- ${u}`)] : []),
      '',
      'Service de presse de la Fédération française de rugby — presse@ffr.fr',
      '',
    ].join('\r\n');
    yield { name: 'LISEZMOI.txt', data: new TextEncoder().encode(readme) };
  }

  return new Response(createZipStream(entries()), {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="kit-presse-${a.slug.slice(0, 80)}.zip"`,
      'cache-control': cacheControl.personal,
    },
  });
}
