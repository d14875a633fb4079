import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { distinctChips, TagChip } from './TagChip';

describe('TagChip', () => {
  it('leads a tag to the search by tag and a category to the search by category', () => {
    const tag = renderToStaticMarkup(<TagChip tag={{ id: 1, name: 'Six Nations', slug: 'six-nations', link: '', source: 'tag' }} />);
    expect(tag).toContain('href="/recherche?post_tags=Six+Nations"');
    expect(tag).toContain('>SIX NATIONS<');
    const category = renderToStaticMarkup(
      <TagChip tag={{ id: 3, name: 'Équipes de France', slug: 'equipes', link: '', source: 'categorie' }} blue />,
    );
    expect(category).toContain('href="/recherche?categories=%C3%89quipes+de+France"');
    expect(category).toContain('class="chip chip--blue"');
    expect(category).toContain('>ÉQUIPES DE FRANCE<');
  });

  it('shows one chip per name: a tag named like the category is not repeated', () => {
    const chips = distinctChips([
      { id: 7, name: 'Formation', slug: 'formation', link: '', source: 'categorie' },
      { id: 40, name: 'formation', slug: 'formation-2', link: '', source: 'tag' },
      { id: 41, name: 'École de rugby', slug: 'ecole', link: '', source: 'tag' },
    ]);
    expect(chips.map((c) => `${c.source}:${c.name}`)).toEqual(['categorie:Formation', 'tag:École de rugby']);
  });
});
