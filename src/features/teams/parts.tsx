import type { PostCard as Post } from '../../schemas/post';
import type { PageRef } from '../../schemas/page';
import { PostCard } from '../../ui/PostCard';
import { RichText } from '../../ui/RichText';
import { pageHref } from './links';

// Pieces both team templates and the teams' listing page share.

/** liste_enfants / liste_freres: the pages around this one, as navigation. */
export function PageLinks({ pages, label, current }: { pages: readonly PageRef[]; label: string; current?: string }) {
  if (pages.length === 0) return null;
  return (
    <nav className="team-nav" aria-label={label}>
      <ul>
        {pages.map((p) => (
          <li key={p.slug}>
            <a href={pageHref(p)} aria-current={p.slug === current ? 'page' : undefined}>
              {p.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function TeamNews({ posts }: { posts: readonly Post[] }) {
  if (posts.length === 0) return null;
  return (
    <section className="team-section" aria-labelledby="equipe-actualites" id="actualites">
      <h2 className="section-title" id="equipe-actualites">
        Dernières actualités
      </h2>
      <div className="card-grid">
        {posts.map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
      </div>
    </section>
  );
}

/** `sidebar_content`: rich text from WordPress, through the same allow-list as page bodies. */
export function Sidebar({ html }: { html: string }) {
  if (!html.trim()) return null;
  return <RichText className="team-sidebar prose" html={html} />;
}
