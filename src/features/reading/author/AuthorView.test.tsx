import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuthorSchema, type Author } from '../../../schemas/article';
import type { PostPage } from '../../../schemas/post';
import { AuthorCard } from '../article/AuthorCard';
import { AuthorView } from './AuthorView';

const profile: Author = AuthorSchema.parse({
  nom: 'Élodie Fournier',
  author_link: 'https://presse.ffr.fr/author/elodie-fournier/',
  description: 'Chargée de la communication institutionnelle&nbsp;: <em>Assemblée générale</em>.',
  role_edition: 'Chargée de communication institutionnelle',
  avatar_urls: { '48': '', '96': '' },
  phone_number: '+33 1 69 63 64 69',
  email: 'elodie.fournier@ffr.fr',
});

const card = (id: number) => ({
  id,
  title: `Communiqué ${id}`,
  slug: `communique-${id}`,
  link: `/categories/institution/communique-${id}`,
  date: '2026-11-20T10:00:00',
  background_image: '',
  tag_list: [],
  label: null,
  category: null,
});
const page = (n: number, patch: Partial<PostPage> = {}): PostPage => ({
  posts: [card(n * 10 + 1), card(n * 10 + 2), card(n * 10 + 3), card(n * 10 + 4)],
  page: n,
  total: 10,
  totalPages: 3,
  hasNext: n < 3,
  ...patch,
});
const render = (posts: PostPage | null, p: Author = profile) =>
  renderToStaticMarkup(<AuthorView profile={p} posts={posts} basePath="/auteurs/elodie-fournier" />);

describe('AuthorView', () => {
  it('shows the press officer: name, role, description, initials without a photo, phone and e-mail', () => {
    const html = render(page(1));
    expect(html).toContain('<h1>Élodie Fournier</h1>');
    expect(html).toContain('<p class="author-head__role">Chargée de communication institutionnelle</p>');
    expect(html).toContain(
      '<p class="author-head__description">Chargée de la communication institutionnelle\u00a0: <em>Assemblée générale</em>.</p>',
    );
    expect(html).toContain('<span class="author-card__avatar author-card__avatar--initials" aria-hidden="true">ÉF</span>');
    expect(html).toContain('<a href="tel:+33169636469">+33\u00a01\u00a069\u00a063\u00a064\u00a069</a>');
    expect(html).toContain('<a href="mailto:elodie.fournier@ffr.fr">elodie.fournier@ffr.fr</a>');
    expect(html).toContain('<li aria-current="page">Élodie Fournier</li>');
  });

  it('shows the photo when there is one, loaded at once (it is at the top)', () => {
    const html = render(page(1), { ...profile, avatar_urls: { '48': '', '96': 'https://api.example/u/elodie-96.jpg' } });
    expect(html).toContain(
      '<img class="author-card__avatar" src="https://api.example/u/elodie-96.jpg" alt="" width="96" height="96" decoding="async"/>',
    );
    expect(html).not.toContain('author-card__avatar--initials');
  });

  it('lists 4 cards a page under a heading, the first one big on page 1, with « Voir plus » and page links', () => {
    const html = render(page(1));
    expect(html.match(/<article class="card[^"]*">/g)).toEqual([
      '<article class="card card--big">',
      '<article class="card">',
      '<article class="card">',
      '<article class="card">',
    ]);
    expect(html).toContain('<h2 id="author-posts-title" class="section-title">Ses publications</h2>');
    expect(html).toContain('<h3 class="card__title"><a href="/categories/institution/communique-11">Communiqué 11</a></h3>');
    expect(html).toContain('<p class="category-head__count">10 contenus</p>');
    expect(html).toContain(
      'data-island="LoadMore" data-props="{&quot;nextHref&quot;:&quot;/auteurs/elodie-fournier?page=2&quot;,&quot;listId&quot;:&quot;liste-contenus&quot;,&quot;page&quot;:1}"',
    );
    expect(html).toContain('<a href="/auteurs/elodie-fournier?page=2" rel="next" data-next-page="">Suivant ›</a>');

    const last = render(page(3, { posts: [card(31), card(32)], hasNext: false }));
    expect(last).toContain('<p class="category-head__count">10 contenus · page 3 sur 3</p>');
    expect(last).not.toContain('card--big');
    expect(last).not.toContain('Voir plus');
    expect(last).toContain('<a href="/auteurs/elodie-fournier?page=2" rel="prev">‹ Précédent</a>');
    expect(last).toContain('<a href="/auteurs/elodie-fournier" aria-label="Page 1">1</a>');
  });

  it('keeps the profile and says so when the posts could not be loaded', () => {
    const html = render(null);
    expect(html).toContain('<h1>Élodie Fournier</h1>');
    expect(html).toContain('Ses publications sont momentanément indisponibles. Merci de rafraîchir la page dans quelques instants.');
    expect(html).not.toContain('data-island="LoadMore"');
  });
});

describe('AuthorCard', () => {
  it('links the name to the author’s page when WordPress gives an author_link with a nicename', () => {
    expect(renderToStaticMarkup(<AuthorCard author={profile} />)).toContain(
      '<p class="author-card__name"><a href="/auteurs/elodie-fournier">Élodie Fournier</a></p>',
    );
    const plain = renderToStaticMarkup(<AuthorCard author={{ ...profile, author_link: 'https://presse.ffr.fr/?author=5' }} />);
    expect(plain).toContain('<p class="author-card__name">Élodie Fournier</p>');
  });
});
