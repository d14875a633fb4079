import type { ReactNode } from 'react';
import { formatDate, isoInstant } from '../lib/format/date';
import { responsiveImage } from '../lib/images';
import { searchHref, toSitePath } from '../lib/links';
import { useRenderFacts } from './render-context';
import type { PostCard as Post } from '../schemas/post';
import { Title } from './Title';
import { distinctChips, TagChip } from './TagChip';

/** `level`: 2 in lists that come right under the page's h1, 3 under a section's h2 (headings never skip a level). */
export function PostCard({
  post,
  big = false,
  searchMode = false,
  title,
  level = 3,
}: {
  post: Post;
  big?: boolean;
  searchMode?: boolean;
  title?: ReactNode;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const { imageMode, placeholder } = useRenderFacts();
  const image = responsiveImage(post.background_image || placeholder, imageMode, big ? 760 : 400);
  const chips = distinctChips(post.tag_list).slice(0, 3);
  return (
    <article className={big ? 'card card--big' : 'card'}>
      <a className="card__media" href={toSitePath(post.link)} tabIndex={-1} aria-hidden="true">
        {image.src ? (
          <img
            src={image.src}
            srcSet={image.srcSet}
            sizes={image.srcSet ? (big ? '(min-width: 1000px) 60vw, 100vw' : '(min-width: 1000px) 25vw, 100vw') : undefined}
            alt=""
            loading={big ? 'eager' : 'lazy'}
            decoding="async"
            width={640}
            height={360}
          />
        ) : null}
      </a>
      <div className="card__body">
        {post.label && !searchMode ? (
          <a className="chip chip--label" href={searchHref({ query: post.label.name })} title="Voir tous les contenus du label">
            {post.label.name}
          </a>
        ) : null}
        <Heading className="card__title">
          <a href={toSitePath(post.link)}>{title ?? <Title text={post.title} />}</a>
        </Heading>
        <time className="card__date" dateTime={isoInstant(post.date)}>
          {formatDate(post.date)}
        </time>
        {!searchMode && chips.length > 0 ? (
          <ul className="card__tags">
            {chips.map((t) => (
              <li key={`${t.source}-${t.id}`}>
                <TagChip tag={t} blue={big} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
