import { searchHref } from '../lib/links';
import type { Tag } from '../schemas/tag';

/**
 * SPEC §2: a chip is the uppercase name of a tag or of a category, and leads to the search
 * filtered by it (`post_tags=` for a tag, `categories=` for a category).
 */
export function TagChip({ tag, blue = false }: { tag: Tag; blue?: boolean }) {
  const href = tag.source === 'categorie' ? searchHref({ categories: tag.name }) : searchHref({ post_tags: tag.name });
  return (
    <a className={blue ? 'chip chip--blue' : 'chip'} href={href}>
      {tag.name.toLocaleUpperCase('fr-FR')}
    </a>
  );
}

/**
 * The chips a reader sees: a tag named like the post's category would show the same word twice,
 * so only the first of each name stays (the category, which WordPress lists first).
 */
export function distinctChips(tags: Tag[]): Tag[] {
  const seen = new Set<string>();
  return tags.filter((t) => {
    const name = t.name.toLocaleUpperCase('fr-FR');
    if (seen.has(name)) return false;
    seen.add(name);
    return true;
  });
}
