import { Island } from '../../../ui/Island';
import { InlineHtml, htmlToText } from '../../../lib/html/inline-html';
import type { Author } from '../../../schemas/article';
import type { PostPage } from '../../../schemas/post';
import { Breadcrumb } from '../../../ui/Breadcrumb';
import { Unavailable } from '../../../ui/Apology';
import { AuthorAvatar, AuthorContacts } from '../article/AuthorCard';
import { Pagination } from '../../../ui/Pagination';
import { PostCard } from '../../../ui/PostCard';
import { postsCountLine } from '../../../lib/authors';

export type AuthorViewProps = {
  profile: Author;
  /** null when they could not be loaded: the profile stands, with a notice. */
  posts: PostPage | null;
  basePath: string;
};

/** A press officer: who they are, how to reach them, and what they published, 4 cards a page like a category. */
export function AuthorView({ profile, posts, basePath }: AuthorViewProps) {
  const name = htmlToText(profile.nom);
  const role = htmlToText(profile.role_edition);
  const nextHref = posts?.hasNext ? `${basePath}?page=${posts.page + 1}` : null;
  return (
    <div className="container author-page">
      <Breadcrumb trail={[{ name: 'Accueil', href: '/' }]} current={name} />
      <header className="author-head">
        <AuthorAvatar author={profile} lazy={false} />
        <div className="author-head__text">
          <h1>{name}</h1>
          {role ? <p className="author-head__role">{role}</p> : null}
          {htmlToText(profile.description) ? (
            <p className="author-head__description">
              <InlineHtml html={profile.description} />
            </p>
          ) : null}
          <AuthorContacts author={profile} />
        </div>
      </header>
      <section className="author-posts" aria-labelledby="author-posts-title">
        <h2 id="author-posts-title" className="section-title">
          Ses publications
        </h2>
        {posts === null ? (
          <Unavailable what="Ses publications sont momentanément indisponibles." />
        ) : (
          <>
            {/* The class « Voir plus » updates as it appends a page (category/LoadMore.island.tsx). */}
            <p className="category-head__count">{postsCountLine(posts)}</p>
            {posts.posts.length > 0 ? (
              <div className="card-grid" id="liste-contenus" data-post-list="">
                {posts.posts.map((post, i) => (
                  <PostCard key={post.id} post={post} big={posts.page === 1 && i === 0} level={3} />
                ))}
              </div>
            ) : (
              <p className="notice">Aucun contenu n’a encore été publié.</p>
            )}
            <Island name="LoadMore" props={{ nextHref, listId: 'liste-contenus', page: posts.page }} />
            <Pagination
              page={posts.page}
              totalPages={posts.totalPages}
              hasNext={posts.hasNext}
              hrefFor={(n) => (n === 1 ? basePath : `${basePath}?page=${n}`)}
            />
          </>
        )}
      </section>
    </div>
  );
}
