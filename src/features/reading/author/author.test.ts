import { describe, expect, it } from 'vitest';
import { PostAuthorSchema, WpUserSchema, type PostAuthor } from '../../../schemas/author';
import { AUTHOR_SLUG, authorHref, authorProfile, authorSlugFromLink, postsCountLine, sameAuthor } from '../../../lib/authors';

const user = WpUserSchema.parse({
  id: 7,
  name: 'Claire Dumont',
  slug: 'claire-dumont',
  description: 'Bio WordPress',
  link: 'https://presse.ffr.fr/author/claire-dumont/',
});

const auteur = {
  nom: 'Claire Dumont',
  author_link: 'https://presse.ffr.fr/author/claire-dumont/',
  description: 'Responsable du service de presse de la <em>FFR</em>.',
  role_edition: 'Responsable du service de presse',
  avatar_urls: { '48': '', '96': 'https://api.example/u/claire-96.jpg' },
  phone_number: '+33 1 69 63 64 65',
  email: 'claire.dumont@ffr.fr',
};
const post = (patch: Record<string, unknown> = {}): PostAuthor =>
  PostAuthorSchema.parse({ id: 12, auteur: { ...auteur, id: 7, ...patch } });

describe('authorSlugFromLink (get_author_posts_url, wp-includes/author-template.php)', () => {
  it('takes the nicename that ends the author permastruct, with or without a trailing slash or a front', () => {
    expect(authorSlugFromLink('https://presse.ffr.fr/author/claire-dumont/')).toBe('claire-dumont');
    expect(authorSlugFromLink('https://api.ffr.fr/author/jean_dupont')).toBe('jean_dupont');
    expect(authorSlugFromLink('https://presse.ffr.fr/blog/auteur/manon-rousseau-2/')).toBe('manon-rousseau-2');
    expect(authorSlugFromLink('/author/claire-dumont/')).toBe('claire-dumont');
    expect(authorSlugFromLink('https://presse.ffr.fr/author/Claire-Dumont/')).toBe('claire-dumont');
  });

  it('finds no slug in plain permalinks, an empty link, another scheme or a segment WordPress never writes', () => {
    expect(authorSlugFromLink('https://presse.ffr.fr/?author=7')).toBeNull();
    expect(authorSlugFromLink('')).toBeNull();
    expect(authorSlugFromLink('https://presse.ffr.fr/')).toBeNull();
    expect(authorSlugFromLink('https://presse.ffr.fr/claire-dumont/')).toBeNull();
    expect(authorSlugFromLink('javascript:alert(1)//author/x')).toBeNull();
    expect(authorSlugFromLink('https://presse.ffr.fr/author/%C3%A9lodie/')).toBeNull();
    expect(authorSlugFromLink('https://presse.ffr.fr/author/a.b/')).toBeNull();
    expect(authorSlugFromLink('https://presse.ffr.fr/author/%E0%A4%A/')).toBeNull();
    expect(authorSlugFromLink(`https://presse.ffr.fr/author/${'a'.repeat(51)}/`)).toBeNull();
  });

  it('gives the French address of the page', () => {
    expect(authorHref('https://presse.ffr.fr/author/claire-dumont/')).toBe('/auteurs/claire-dumont');
    expect(authorHref('https://presse.ffr.fr/?author=7')).toBeNull();
  });

  it('accepts exactly what a nicename can be', () => {
    expect(AUTHOR_SLUG.test('claire-dumont')).toBe(true);
    expect(AUTHOR_SLUG.test('a'.repeat(50))).toBe(true);
    for (const bad of ['', 'Claire', 'a,b', 'a b', 'a/b', 'é', 'a'.repeat(51)]) expect(AUTHOR_SLUG.test(bad), bad).toBe(false);
  });
});

describe('sameAuthor', () => {
  it('trusts the id first, then the author_link, then the name', () => {
    expect(sameAuthor(user, post().auteur!)).toBe(true);
    expect(sameAuthor(user, post({ id: 8 }).auteur!)).toBe(false);
    expect(sameAuthor(user, post({ id: undefined }).auteur!)).toBe(true);
    expect(sameAuthor(user, post({ id: undefined, author_link: 'https://presse.ffr.fr/author/julien-moreau/' }).auteur!)).toBe(false);
    expect(sameAuthor(user, post({ id: undefined, author_link: '', nom: 'claire DUMONT' }).auteur!)).toBe(true);
    expect(sameAuthor(user, post({ id: undefined, author_link: '', nom: 'Julien Moreau' }).auteur!)).toBe(false);
  });
});

describe('authorProfile', () => {
  it('shows the auteur of their newest post: role, photo, phone and e-mail, with the user’s address', () => {
    expect(authorProfile(user, post())).toEqual({ ...auteur, author_link: user.link });
  });

  it('falls back on the WordPress user when the post’s auteur is someone else, missing, or unread', () => {
    const bare = {
      nom: 'Claire Dumont',
      author_link: user.link,
      description: 'Bio WordPress',
      role_edition: '',
      avatar_urls: { '48': '', '96': '' },
      phone_number: '',
      email: '',
    };
    expect(authorProfile(user, post({ id: 8 }))).toEqual(bare);
    expect(authorProfile(user, PostAuthorSchema.parse({ id: 12, auteur: null }))).toEqual(bare);
    expect(authorProfile(user, null)).toEqual(bare);
  });

  it('keeps the user’s name and description where the auteur leaves them empty', () => {
    const profile = authorProfile(user, post({ nom: ' ', description: '<p></p>' }));
    expect(profile.nom).toBe('Claire Dumont');
    expect(profile.description).toBe('Bio WordPress');
    expect(profile.role_edition).toBe('Responsable du service de presse');
  });
});

describe('postsCountLine', () => {
  const page = (p: Partial<Parameters<typeof postsCountLine>[0]>) => ({
    posts: [],
    page: 1,
    total: 12,
    totalPages: 3,
    hasNext: true,
    ...p,
  });
  it('counts in French, with the page from page 2', () => {
    expect(postsCountLine(page({}))).toBe('12 contenus');
    expect(postsCountLine(page({ page: 2 }))).toBe('12 contenus · page 2 sur 3');
    expect(postsCountLine(page({ total: 1, totalPages: 1 }))).toBe('1 contenu');
    expect(postsCountLine(page({ total: 1234, totalPages: 309 }))).toBe('1\u202f234 contenus');
    expect(postsCountLine(page({ total: 0, totalPages: 0 }))).toBe('');
  });
  it('says only the page when WordPress sent no totals', () => {
    expect(postsCountLine(page({ total: null, totalPages: null }))).toBe('');
    expect(postsCountLine(page({ page: 3, total: null, totalPages: null }))).toBe('Page 3');
  });
});
