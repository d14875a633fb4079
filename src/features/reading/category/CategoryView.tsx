import { Island } from '../../../ui/Island';
import type { Category } from '../../../schemas/category';
import type { PostPage } from '../../../schemas/post';
import { PostCard } from '../../../ui/PostCard';
import { Pagination } from '../../../ui/Pagination';
import { displayText } from '../../../lib/format/typography';

export type CategoryViewProps = {
  category: Category;
  parent: Category | null;
  subcategories: Category[];
  posts: PostPage;
  basePath: string;
};

/** « 12 contenus · page 2 sur 3 »; without WordPress's totals, only the page. */
function countLine(posts: PostPage): string {
  const page = posts.page > 1 ? `page ${posts.page}${posts.totalPages !== null ? ` sur ${posts.totalPages}` : ''}` : '';
  if (posts.total === null) return page ? page[0]!.toUpperCase() + page.slice(1) : '';
  const count =
    posts.total === 0
      ? 'Aucun contenu pour le moment'
      : posts.total === 1
        ? '1 contenu'
        : `${posts.total.toLocaleString('fr-FR')} contenus`;
  return page ? `${count} · ${page}` : count;
}

export function CategoryView({ category, parent, subcategories, posts, basePath }: CategoryViewProps) {
  const nextHref = posts.hasNext ? `${basePath}?page=${posts.page + 1}` : null;
  return (
    <div className="container">
      <nav className="breadcrumb" aria-label="Fil d’Ariane">
        <ol>
          <li>
            <a href="/">Accueil</a>
          </li>
          {parent ? (
            <li>
              <a href={`/categories/${parent.slug}`}>{parent.name}</a>
            </li>
          ) : null}
          <li aria-current="page">{category.name}</li>
        </ol>
      </nav>
      <header className="category-head">
        <h1>{category.name}</h1>
        {category.description ? <p className="category-head__text">{displayText(category.description)}</p> : null}
        <p className="category-head__count">{countLine(posts)}</p>
      </header>
      {subcategories.length > 0 ? (
        <nav className="subcategories" aria-label={`Rubriques de ${category.name}`}>
          <ul>
            {subcategories.map((child) => (
              <li key={child.id}>
                <a className="chip" href={`/categories/${category.slug}/${child.slug}`}>
                  {child.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {posts.posts.length > 0 ? (
        <div className="card-grid" id="liste-contenus" data-post-list="">
          {posts.posts.map((post, i) => (
            <PostCard key={post.id} post={post} big={posts.page === 1 && i === 0} level={2} />
          ))}
        </div>
      ) : (
        <p className="notice">Aucun contenu n’a encore été publié dans cette rubrique.</p>
      )}
      <Island name="LoadMore" props={{ nextHref, listId: 'liste-contenus', page: posts.page }} />
      <Pagination
        page={posts.page}
        totalPages={posts.totalPages}
        hasNext={posts.hasNext}
        hrefFor={(n) => (n === 1 ? basePath : `${basePath}?page=${n}`)}
      />
    </div>
  );
}
