import { Island } from '../../../ui/Island';
import { formatDateTime, formatDayMonth, formatTime, isoInstant, parseWpDate } from '../../../lib/format/date';
import { responsiveImage, type ImageMode } from '../../../lib/images';
import { searchHref, toSitePath } from '../../../lib/links';
import { useRenderFacts } from '../../../ui/render-context';
import type { Article } from '../../../schemas/article';
import { PostCard } from '../../../ui/PostCard';
import { distinctChips, TagChip } from '../../../ui/TagChip';
import { ArticleBody } from './ArticleBody';
import { AuthorCard } from './AuthorCard';
import { BODY_IMAGE_SIZES } from './blocks/ImageBlock';
import { VideoFrame } from './blocks/VideoFrame';
import { formatFileSize } from './files';
import { Title } from '../../../ui/Title';
import { Breadcrumb, type Crumb } from '../../../ui/Breadcrumb';
import { InlineHtml, htmlToText } from '../../../lib/html/inline-html';
import { isExternal, safeHref, safeSrc, videoEmbedUrl } from '../../../lib/html/urls';

// The main content of an article page (SPEC §2, §3): what goes inside the document's <main>.

const NBSP = '\u00a0';
/** A modification within a minute of publication is the editor saving twice, not an update. */
const UPDATE_THRESHOLD_MS = 60_000;

/** WordPress titles may carry entities (&rsquo;) or stray tags: the reader sees text only. */
const titleOf = (article: Article) => htmlToText(article.title) || 'Article';

function PublicationDates({ date, modified }: { date: string; modified: string }) {
  const published = parseWpDate(date);
  if (!published) return null;
  const updated = parseWpDate(modified);
  const showUpdate = updated !== null && Math.abs(updated.getTime() - published.getTime()) > UPDATE_THRESHOLD_MS;
  return (
    <p className="article__dates">
      {'Publié le '}
      <time dateTime={isoInstant(published)}>{formatDateTime(published)}</time>
      {showUpdate ? (
        <>
          {' · Mis à jour le '}
          <time dateTime={isoInstant(updated)}>{formatDateTime(updated)}</time>
        </>
      ) : null}
    </p>
  );
}

/** The upstream's own srcset ("…-640.jpg 640w, …"), kept only if every candidate is a web address. */
function upstreamSrcSet(srcset: string): string | undefined {
  const candidates = srcset
    .split(/,\s+/)
    .map((c) => c.trim())
    .filter(Boolean);
  if (candidates.length === 0) return undefined;
  return candidates.every((c) => safeSrc(c.split(/\s+/)[0] ?? '')) ? candidates.join(', ') : undefined;
}

/** The video when it may be framed, else the image; it is the first thing seen, so never lazy. */
function Illustration({ article, imageMode }: { article: Article; imageMode: ImageMode }) {
  const title = titleOf(article);
  const video = videoEmbedUrl(article.illustration_video);
  if (video) return <VideoFrame className="article-video article__video" src={video} title={`Vidéo${NBSP}: ${title}`} />;

  const src = safeSrc(article.illustration);
  if (!src) {
    const href = article.illustration_video ? safeHref(article.illustration_video) : null;
    return href ? (
      <p className="article-video-link">
        <a href={href} rel={isExternal(href) ? 'noopener' : undefined}>
          Voir la vidéo
        </a>
      </p>
    ) : null;
  }
  const image = responsiveImage(src, imageMode, 850);
  // Resized candidates when the image service is on; otherwise the sizes WordPress made.
  const srcSet = image.srcSet ?? upstreamSrcSet(article.srcset);
  const caption = htmlToText(article.caption) ? article.caption : '';
  return (
    <figure className="article__illustration">
      {/* The caption (or the title just above) describes the picture: an alt would repeat it. */}
      <img
        src={image.src}
        srcSet={srcSet}
        sizes={srcSet ? BODY_IMAGE_SIZES : undefined}
        alt=""
        width={1280}
        height={720}
        fetchPriority="high"
        decoding="async"
      />
      {caption ? (
        <figcaption>
          <InlineHtml html={caption} />
        </figcaption>
      ) : null}
    </figure>
  );
}

/** Whether the article has pictures or documents worth a press kit. */
export function hasPressKit(article: Article): boolean {
  return (
    Boolean(article.illustration || article.file_download_post) ||
    article.blocs.some((b) => b.type === 'image' || b.type === 'gallery' || b.type === 'file')
  );
}

/** `{article path}/kit-presse.zip`, or null when the article has nothing to put in a kit. */
export function pressKitHref(article: Article): string | null {
  if (!hasPressKit(article)) return null;
  let path = article.link ? toSitePath(article.link).split(/[?#]/)[0]! : '';
  // toSitePath keeps the path of any scheme, and the path of "javascript:javascript:alert(1)" is
  // "javascript:alert(1)" (found by xss.test.tsx): only a path of this site may lead to the kit.
  const sitePath = safeHref(path);
  path = sitePath?.startsWith('/') ? sitePath : '';
  if (!path && article.category) path = `/categories/${article.category.slug}/${article.slug}`;
  path = path.replace(/\/+$/, '');
  return path ? `${path}/kit-presse.zip` : null;
}

/** `pressKit`: the kit is made from published articles only (press-kit.server.ts). */
function Downloads({ article, pressKit }: { article: Article; pressKit: boolean }) {
  const file = article.file_download_post;
  // The same document already offered as a file block in the text is not offered twice.
  const inBody = (url: string) => article.blocs.some((b) => b.type === 'file' && safeSrc(b.url) === safeSrc(url));
  const fileHref = file && !inBody(file.url) ? safeSrc(file.url) : null;
  const kit = pressKit ? pressKitHref(article) : null;
  if (!fileHref && !kit) return null;
  const fileTitle = file ? htmlToText(file.title) : '';
  const size = file ? formatFileSize(file.filesize) : '';
  return (
    <div className="article__downloads">
      {fileHref ? (
        <a className="button" href={fileHref} download>
          {fileTitle ? `Télécharger${NBSP}: ${fileTitle}` : 'Télécharger le document'}
          {size ? ` (${size})` : ''}
        </a>
      ) : null}
      {kit ? (
        <a className="button button--ghost" href={kit} download>
          Télécharger le kit presse
        </a>
      ) : null}
    </div>
  );
}

function Tags({ article }: { article: Article }) {
  const tags = distinctChips(article.tags);
  if (tags.length === 0) return null;
  return (
    <ul className="article__tags">
      {tags.map((t) => (
        <li key={`${t.source}-${t.id}`}>
          <TagChip tag={t} />
        </li>
      ))}
    </ul>
  );
}

function Sidebar({ article }: { article: Article }) {
  const sidebar = article.sidebar;
  if (!sidebar || sidebar.posts.length === 0) return null;
  return (
    <aside className="article-sidebar" aria-labelledby="article-sidebar-title">
      <h2 id="article-sidebar-title" className="article-sidebar__title">
        {htmlToText(sidebar.title) || 'À lire aussi'}
      </h2>
      <div className="card-list">
        {sidebar.posts.map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
      </div>
    </aside>
  );
}

function SimilarContent({ article }: { article: Article }) {
  if (article.similarContent.length === 0) return null;
  return (
    <section className="article-similar" aria-labelledby="article-similar-title">
      <h2 id="article-similar-title" className="section-title">
        Dans la même catégorie
      </h2>
      <div className="card-grid">
        {article.similarContent.map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
      </div>
    </section>
  );
}

/** An article shown before its publication: an editor's preview, or a journalist's embargo link. */
export type Unpublished = { kind: 'apercu'; status: string } | { kind: 'embargo'; until: Date | null };

const STATUS_WORDS: Record<string, string> = {
  draft: 'brouillon',
  future: 'programmé',
  pending: 'en attente de relecture',
  private: 'privé',
  publish: 'publié',
};

/** What the reader must know before reading an unpublished article (role note, above the title). */
function UnpublishedNotice({ unpublished }: { unpublished: Unpublished }) {
  if (unpublished.kind === 'apercu') {
    return (
      <p className="article__notice" role="note">
        <strong>Aperçu</strong>
        {` — article ${STATUS_WORDS[unpublished.status] ?? 'non publié'}, visible par la rédaction seulement.`}
      </p>
    );
  }
  const until = unpublished.until;
  return (
    <p className="article__notice article__notice--embargo" role="note">
      <strong>{until ? `Sous embargo jusqu’au ${formatDayMonth(until)} à ${formatTime(until)}` : 'Sous embargo'}</strong>
      {until ? ' — ne pas publier avant' : ' — ne pas publier avant l’annonce du service de presse'}
    </p>
  );
}

/**
 * `readerTools`: the favourite button and the visit record, for published articles.
 * `unpublished`: an article shown before its publication (no press kit, no reader tools).
 */
export function ArticleView({
  article,
  crumbs,
  readerTools = false,
  unpublished,
}: {
  article: Article;
  crumbs: Crumb[];
  readerTools?: boolean;
  unpublished?: Unpublished;
}) {
  // The image mode comes from the render context (the document provides it, as for the post cards).
  const { imageMode } = useRenderFacts();
  const hasSidebar = Boolean(article.sidebar && article.sidebar.posts.length > 0);
  return (
    <div className={hasSidebar ? 'container article-page' : 'container article-page article-page--single'}>
      <Breadcrumb trail={[{ name: 'Accueil', href: '/' }, ...crumbs]} current={titleOf(article)} />
      <div className={hasSidebar ? 'article-layout article-layout--sidebar' : 'article-layout'}>
        <article className="article">
          <header className="article__header">
            {unpublished ? <UnpublishedNotice unpublished={unpublished} /> : null}
            {article.label ? (
              <a className="chip chip--label" href={searchHref({ query: article.label.name })} title="Voir tous les contenus du label">
                {article.label.name}
              </a>
            ) : null}
            <h1 className="article__title">
              <Title text={titleOf(article)} />
            </h1>
            {readerTools ? (
              // The favourite button appears only once the profile says "journalist" (the page is
              // the cached anonymous one): it takes room kept for it at the end of the dates' line,
              // so that nothing moves, and no one else gets an empty row.
              <div className="article__meta">
                {unpublished ? null : <PublicationDates date={article.date} modified={article.modified} />}
                <Island name="FavoriteButton" props={{ postId: article.id, title: titleOf(article) }} />
                <Island name="VisitRecorder" props={{ postId: article.id }} />
              </div>
            ) : unpublished ? null : (
              <PublicationDates date={article.date} modified={article.modified} />
            )}
          </header>
          <Illustration article={article} imageMode={imageMode} />
          <ArticleBody blocks={article.blocs} imageMode={imageMode} />
          <Downloads article={article} pressKit={!unpublished} />
          <Tags article={article} />
          {article.auteur ? <AuthorCard author={article.auteur} /> : null}
        </article>
        <Sidebar article={article} />
      </div>
      <SimilarContent article={article} />
    </div>
  );
}
