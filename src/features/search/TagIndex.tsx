import { searchHref } from '../../lib/links';
import type { Tag } from '../../schemas/tag';
import { lazy } from '../../lib/lazy';

const byName = lazy(() => new Intl.Collator('fr', { sensitivity: 'base' }));

/**
 * « Parcourir par mot-clé »: every tag of the newsroom (SPEC §7 `/ffr/v1/Tags`), A to Z, each
 * leading to the search by that tag, for a reader who opens the search page without a word yet.
 */
export function TagIndex({ tags }: { tags: Tag[] }) {
  if (tags.length === 0) return null;
  const sorted = [...tags].sort((a, b) => byName().compare(a.name, b.name));
  return (
    <section className="tag-index" aria-labelledby="tag-index-title">
      <h2 id="tag-index-title" className="section-title">
        Parcourir par mot-clé
      </h2>
      <ul className="subcategories-list">
        {sorted.map((t) => (
          <li key={t.id}>
            <a className="chip" href={searchHref({ post_tags: t.name })}>
              {t.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
