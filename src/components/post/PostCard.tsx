import { formatDate, isoInstant } from '../../lib/format/date';
import { searchHref, toSitePath } from '../../lib/links';
import type { PostCard as Post } from '../../schemas/post';

export function PostCard({ post, placeholder, big = false, searchMode = false }: { post: Post; placeholder: string; big?: boolean; searchMode?: boolean }) {
  const image = post.background_image || placeholder;
  const tags = post.tag_list.filter((t) => t.source === 'tag').slice(0, 3);
  return (
    <article className={big ? 'card card--big' : 'card'}>
      <a className="card__media" href={toSitePath(post.link)} tabIndex={-1} aria-hidden="true">
        {image ? <img src={image} alt="" loading={big ? 'eager' : 'lazy'} decoding="async" width={640} height={360} /> : null}
      </a>
      <div className="card__body">
        {post.label && !searchMode ? (
          <a className="chip chip--label" href={searchHref({ query: post.label.name })} title="Voir tous les contenus du label">
            {post.label.name}
          </a>
        ) : null}
        <h3 className="card__title">
          <a href={toSitePath(post.link)}>{post.title}</a>
        </h3>
        <time className="card__date" dateTime={isoInstant(post.date)}>
          {formatDate(post.date)}
        </time>
        {!searchMode && tags.length > 0 ? (
          <ul className="card__tags" aria-label="Mots-clés">
            {tags.map((t) => (
              <li key={t.id}>
                <a className={big ? 'chip chip--blue' : 'chip'} href={searchHref({ post_tags: t.name })}>
                  {t.name.toLocaleUpperCase('fr-FR')}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
