import { describe, expect, it } from 'vitest';
import { PostCardSchema } from '../schemas/post';
import { absoluteUrl, cardPath, siteBase, sitePageUrl } from './site-url';

describe('feed URLs', () => {
  it('puts WordPress links on the site', () => {
    expect(siteBase('https://presse.ffr.fr///')).toBe('https://presse.ffr.fr');
    expect(sitePageUrl('https://presse.ffr.fr/', '/categories/a/b')).toBe('https://presse.ffr.fr/categories/a/b');
    expect(sitePageUrl('https://presse.ffr.fr', 'https://api.presse.ffr.fr/categories/a/b?x=1#y')).toBe(
      'https://presse.ffr.fr/categories/a/b?x=1#y',
    );
  });

  it('keeps absolute media URLs and resolves paths on the site', () => {
    expect(absoluteUrl('https://presse.ffr.fr/', 'https://media.ffr.fr/a.jpg')).toBe('https://media.ffr.fr/a.jpg');
    expect(absoluteUrl('https://presse.ffr.fr', '//media.ffr.fr/a.jpg')).toBe('https://media.ffr.fr/a.jpg');
    expect(absoluteUrl('https://presse.ffr.fr', 'uploads/a.jpg')).toBe('https://presse.ffr.fr/uploads/a.jpg');
    expect(absoluteUrl('https://presse.ffr.fr', ' ')).toBe('');
  });

  it('falls back to the article route for a card without link', () => {
    const card = PostCardSchema.parse({
      id: 1,
      title: 't',
      slug: 's',
      link: '',
      date: '',
      background_image: '',
      tag_list: [],
      label: null,
      category: { id: 2, slug: 'c', name: 'C' },
    });
    expect(cardPath(card)).toBe('/categories/c/s');
    expect(cardPath({ ...card, category: null })).toBe('/s');
  });
});
