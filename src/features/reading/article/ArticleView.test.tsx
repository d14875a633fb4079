import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ArticleSchema, type Article } from '../../../schemas/article';
import type { Category } from '../../../schemas/category';
import { RenderContext } from '../../../ui/render-context';
import { ArticleView, hasPressKit, pressKitHref } from './ArticleView';
import { categoryCrumbs } from './crumbs';

const CATEGORIES = [
  { id: 3, name: 'XV de France', slug: 'xv-de-france', parent: 0 },
  { id: 4, name: 'Tests d’automne', slug: 'tests-d-automne', parent: 3 },
] as Category[];
import { formatFileSize, fileKind } from './files';

const NBSP = '\u00a0';

const card = (id: number, title: string) => ({
  id,
  title,
  slug: `article-${id}`,
  link: `/categories/xv-de-france/article-${id}`,
  date: '2026-11-20T10:00:00',
  background_image: '',
  tag_list: [],
  label: null,
  category: { id: 3, slug: 'xv-de-france', name: 'XV de France' },
});

/** What WordPress sends, read through the real schema (so unknown blocks are mapped as in production). */
const RAW = {
  id: 4242,
  title: 'Le XV de France dévoile sa liste pour la tournée d&rsquo;automne',
  slug: 'liste-tournee-automne',
  link: '/categories/xv-de-france/liste-tournee-automne',
  date: '2026-11-22T14:05:00',
  modified: '2026-11-23T09:30:00',
  label: { name: 'Communiqué', slug: 'communique' },
  caption: 'Les Bleus à l’entraînement à Marcoussis. © <em>FFR</em>',
  srcset: 'https://api.example/u/bleus-640.jpg 640w, https://api.example/u/bleus-1280.jpg 1280w',
  illustration: 'https://api.example/u/bleus-1280.jpg',
  illustration_video: '',
  blocs: [
    {
      type: 'paragraph',
      content: 'Le sélectionneur a retenu <strong>42 joueurs</strong>. Plus d’informations sur <a href="https://www.ffr.fr/xv">ffr.fr</a>.',
    },
    {
      type: 'paragraph',
      content:
        '<img src=x onerror="alert(1)"><script>alert("xss")</script><a href="javascript:alert(1)">Cliquez</a> &lt;b&gt;pas du gras&lt;/b&gt; <a href="java&#x73;cript:alert(2)" onclick="alert(3)">ici</a>',
    },
    { type: 'paragraph', content: '&nbsp;' },
    { type: 'heading', level: 3, content: 'Le groupe' },
    { type: 'heading', level: 7, content: 'Un niveau que WordPress ne devrait pas envoyer' },
    { type: 'list', ordered: true, items: ['Avants : <strong>24</strong>', 'Arrières : 18'] },
    {
      type: 'image',
      image: { src: 'https://api.example/u/stade.jpg', alt: 'Le Stade de France un soir de match', width: 1600, height: 900 },
      caption: 'Le Stade de France',
    },
    {
      type: 'gallery',
      images: [
        { src: 'https://api.example/u/g1.jpg', alt: 'Mêlée', width: 800, height: 600, caption: 'La mêlée' },
        { src: 'https://api.example/u/g2.jpg', alt: 'Touche', width: 800, height: 600, caption: '' },
        { src: 'javascript:alert(1)', alt: 'piège', width: 800, height: 600, caption: 'piège' },
      ],
    },
    {
      type: 'video',
      provider: 'youtube',
      url: 'https://www.youtube.com/watch?v=abc123',
      embed_url: 'https://www.youtube-nocookie.com/embed/abc123',
      title: 'Les coulisses',
    },
    {
      type: 'video',
      provider: 'autre',
      url: 'https://videos.example/v/1',
      embed_url: 'https://videos.example/embed/1',
      title: 'Vidéo hors liste',
    },
    { type: 'video', provider: 'autre', url: 'javascript:alert(1)', embed_url: 'javascript:alert(2)', title: 'Piège' },
    { type: 'quote', content: 'Nous sommes prêts.', citation: 'Fabien Galthié' },
    {
      type: 'table',
      caption: 'Calendrier',
      head: ['Date', 'Adversaire'],
      rows: [
        ['8 novembre', 'Afrique du Sud'],
        ['15 novembre', '<em>Fidji</em>'],
      ],
    },
    { type: 'file', url: 'https://api.example/u/liste.pdf', title: 'Liste des joueurs', filesize: 1_258_291, mime: 'application/pdf' },
    { type: 'button', url: 'https://billetterie.example/xv', label: 'Acheter des billets' },
    { type: 'button', url: '/accreditations', label: 'S’accréditer' },
    { type: 'button', url: 'javascript:alert(1)', label: 'Piège' },
    { type: 'separator' },
    { type: 'instagram', content: '<p>Une publication <b>Instagram</b> &amp; plus</p>' },
    { type: 'spacer' },
  ],
  tags: [
    { id: 1, name: 'Six Nations', slug: 'six-nations', link: '', source: 'tag' },
    { id: 2, name: 'Tournée d’automne', slug: 'tournee', link: '', source: 'tag' },
    { id: 3, name: 'Équipes de France', slug: 'equipes', link: '', source: 'categorie' },
  ],
  sidebar: { title: 'À lire aussi', posts: [card(11, 'Le staff au complet')] },
  redirection: '',
  auteur: {
    nom: 'Marie Dupont',
    author_link: '',
    description: 'Attachée de presse du <em>XV de France</em>',
    role_edition: 'Attachée de presse',
    avatar_urls: { '48': '', '96': '' },
    phone_number: '+33 1 69 63 64 65',
    email: 'marie.dupont@ffr.fr',
  },
  category: { id: 3, slug: 'xv-de-france', name: 'XV de France' },
  categories: [3],
  similarContent: [card(21, 'Premier rassemblement'), card(22, 'Les Bleus à Marcoussis')],
  file_download_post: { url: 'https://api.example/u/dossier.pdf', title: 'Dossier de presse', filesize: 3_250_585 },
  meta_title: '',
  meta_description: '',
  typeFlow: 'article',
  excerpt: '',
};

const article = (patch: Record<string, unknown> = {}): Article => ArticleSchema.parse({ ...RAW, ...patch });
const render = (a: Article, imageMode: 'resize' | 'plain' = 'plain') =>
  renderToStaticMarkup(
    <RenderContext.Provider value={{ imageMode, placeholder: '/images/placeholder-ffr.svg' }}>
      <ArticleView article={a} crumbs={categoryCrumbs(a, CATEGORIES)} />
    </RenderContext.Provider>,
  );

/** The text a reader gets, to check wording regardless of the markup around it. */
const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const count = (html: string, re: RegExp) => html.match(re)?.length ?? 0;

describe('ArticleView', () => {
  const html = render(article());
  const body = html.slice(html.indexOf('<div class="article-body">'), html.indexOf('<div class="article__downloads">'));

  it('has one h1, the title with its entities decoded, and a breadcrumb', () => {
    expect(count(html, /<h1[\s>]/g)).toBe(1);
    expect(html).toContain('<h1 class="article__title">Le XV de France dévoile sa liste pour la tournée d’automne</h1>');
    expect(html).toContain(
      '<nav class="breadcrumb" aria-label="Fil d’Ariane"><ol><li><a href="/">Accueil</a></li><li><a href="/categories/xv-de-france">XV de France</a></li><li aria-current="page">Le XV de France dévoile sa liste pour la tournée d’automne</li></ol></nav>',
    );
  });

  it('puts the parent category in the breadcrumb of an article filed under a sub-category', () => {
    const sub = render(article({ category: { id: 4, slug: 'tests-d-automne', name: 'Tests d’automne' } }));
    expect(sub).toContain(
      '<li><a href="/categories/xv-de-france">XV de France</a></li><li><a href="/categories/xv-de-france/tests-d-automne">Tests d’automne</a></li>',
    );
  });

  it('shows the label chip linking to the search', () => {
    expect(html).toContain(
      '<a class="chip chip--label" href="/recherche?query=Communiqu%C3%A9" title="Voir tous les contenus du label">Communiqué</a>',
    );
  });

  it('writes the dates in French, with the update when it is more than a minute later', () => {
    // 22 November 2026 is a Sunday; the Saturday before reads « samedi 21 novembre ».
    expect(text(html)).toContain('Publié le dimanche 22 novembre 2026 à 14h05 · Mis à jour le lundi 23 novembre 2026 à 9h30');
    expect(html).toContain('<time dateTime="2026-11-22T13:05:00.000Z">dimanche 22 novembre 2026 à 14h05</time>');
    expect(text(render(article({ date: '2026-11-21T14:05:00', modified: '' })))).toContain('Publié le samedi 21 novembre 2026 à 14h05');
    const sameMinute = text(render(article({ modified: '2026-11-22T14:05:40' })));
    expect(sameMinute).toContain('Publié le dimanche 22 novembre 2026 à 14h05');
    expect(sameMinute).not.toContain('Mis à jour');
    expect(render(article({ date: 'n’importe quoi' }))).not.toContain('Publié le');
  });

  it('shows the illustration eagerly, with its caption and the upstream srcset when images are not resized', () => {
    const figure = /<figure class="article__illustration">(.*?)<\/figure>/.exec(html)?.[1] ?? '';
    expect(figure).toContain('src="https://api.example/u/bleus-1280.jpg"');
    expect(figure).toContain('srcSet="https://api.example/u/bleus-640.jpg 640w, https://api.example/u/bleus-1280.jpg 1280w"');
    expect(figure).toContain('width="1280" height="720" fetchPriority="high"');
    expect(figure).not.toContain('loading="lazy"');
    expect(figure).toContain('<figcaption>Les Bleus à l’entraînement à Marcoussis. ©\u00a0<em>FFR</em></figcaption>');
    const resized = render(article(), 'resize');
    expect(resized).toMatch(/srcSet="\/cdn-cgi\/image\/width=640,quality=75,format=auto\/https:\/\/api\.example\/u\/bleus-1280\.jpg 640w/);
  });

  it('renders paragraphs, headings (h2 to h4), lists, quotes and separators', () => {
    expect(body).toContain(
      '<p class="article-body__paragraph">Le sélectionneur a retenu <strong>42 joueurs</strong>. Plus d’informations sur <a href="https://www.ffr.fr/xv" rel="noopener">ffr.fr</a>.</p>',
    );
    expect(body).toContain('<h3 class="article-body__heading article-body__heading--3">Le groupe</h3>');
    expect(body).toContain(
      '<h2 class="article-body__heading article-body__heading--2">Un niveau que WordPress ne devrait pas envoyer</h2>',
    );
    expect(body).toContain('<ol class="article-body__list"><li>Avants\u202f: <strong>24</strong></li><li>Arrières\u202f: 18</li></ol>');
    expect(body).toContain(
      '<figure class="article-quote"><blockquote class="article-quote__text"><p>Nous sommes prêts.</p></blockquote><figcaption class="article-quote__source"><cite>Fabien Galthié</cite></figcaption></figure>',
    );
    expect(body).toContain('<hr class="article-separator"/>');
    // The « &nbsp; » spacer paragraph is not rendered.
    expect(count(body, /<p class="article-body__paragraph">/g)).toBe(3);
  });

  it('escapes the malicious paragraph', () => {
    expect(html).not.toMatch(/<script|<img[^>]*onerror|onclick|javascript:/i);
    expect(body).toContain('<p class="article-body__paragraph">Cliquez &lt;b&gt;pas du gras&lt;/b&gt; ici</p>');
  });

  it('renders images as figures sized against layout shift, lazily', () => {
    expect(body).toContain(
      '<figure class="article-figure"><img src="https://api.example/u/stade.jpg" alt="Le Stade de France un soir de match" width="1600" height="900" loading="lazy" decoding="async"/><figcaption>Le Stade de France</figcaption></figure>',
    );
    const gallery = /<ul class="article-gallery"[^>]*>(.*?)<\/ul>/.exec(body)?.[1] ?? '';
    expect(count(gallery, /<figure /g)).toBe(2);
    expect(gallery).toContain('alt="Mêlée" width="800" height="600" loading="lazy"');
    expect(gallery).toContain('<figcaption>La mêlée</figcaption>');
    expect(gallery).not.toContain('piège');
    // Every image has an alt attribute.
    expect(count(html, /<img /g)).toBe(count(html, /<img [^>]*alt="/g));
  });

  it('frames only videos of the allowed hosts, others become links', () => {
    expect(count(html, /<iframe /g)).toBe(1);
    expect(body).toContain(
      `<iframe src="https://www.youtube-nocookie.com/embed/abc123" title="Vidéo${NBSP}: Les coulisses" loading="lazy"`,
    );
    expect(body).toContain(
      `<p class="article-video-link"><a href="https://videos.example/v/1" rel="noopener">Voir la vidéo${NBSP}: Vidéo hors liste</a></p>`,
    );
    expect(html).not.toContain('videos.example/embed');
    expect(html).not.toContain('Piège');
    for (const host of ['www.youtube.com', 'player.vimeo.com', 'www.dailymotion.com']) {
      const a = article({ blocs: [{ type: 'video', provider: '', url: '', embed_url: `https://${host}/embed/x`, title: '' }] });
      expect(render(a)).toContain(`<iframe src="https://${host}/embed/x" title="Vidéo"`);
    }
    for (const embed of [
      'http://www.youtube.com/embed/x',
      'https://www.youtube.com.evil.example/embed/x',
      'https://evil.example/?www.youtube.com',
    ]) {
      const a = article({ blocs: [{ type: 'video', provider: '', url: '', embed_url: embed, title: '' }] });
      expect(render(a)).not.toContain('<iframe');
    }
  });

  it('renders tables with caption, head and body', () => {
    expect(body).toContain(
      // Two columns can scroll too (long words): the hint is there, CSS shows it only where the table scrolls.
      '<section class="article-table" aria-label="Calendrier" tabindex="0"><p class="article-table__hint" aria-hidden="true">Faites glisser le tableau pour voir toutes les colonnes →</p><table><caption>Calendrier</caption><thead><tr><th scope="col">Date</th><th scope="col">Adversaire</th></tr></thead><tbody><tr><td>8 novembre</td><td>Afrique du Sud</td></tr><tr><td>15 novembre</td><td><em>Fidji</em></td></tr></tbody></table></section>',
    );
  });

  it('tells phones that a table of five columns or more scrolls sideways', () => {
    const wide = article({
      blocs: [
        {
          type: 'table',
          caption: 'Composition',
          head: ['N°', 'Joueur', 'Club', 'Poste', 'Sélections'],
          rows: [['1', 'Cyril Baille', 'Stade Toulousain', 'Pilier', '40']],
        },
      ],
    });
    expect(render(wide)).toContain(
      '<section class="article-table article-table--wide" aria-label="Composition" tabindex="0"><p class="article-table__hint" aria-hidden="true">Faites glisser le tableau pour voir toutes les colonnes →</p>',
    );
  });

  it('offers files with their kind and French size', () => {
    expect(body).toContain('href="https://api.example/u/liste.pdf" download=""');
    expect(text(body)).toContain(`Télécharger${NBSP}: Liste des joueursPDF – 1,2${NBSP}Mo`);
    expect(formatFileSize(1_258_291)).toBe(`1,2${NBSP}Mo`);
    expect(formatFileSize(850)).toBe(`850${NBSP}octets`);
    expect(formatFileSize(12_800)).toBe(`12,5${NBSP}Ko`);
    expect(formatFileSize(0)).toBe('');
    expect(fileKind('application/pdf')).toBe('PDF');
    expect(fileKind('', 'https://x/kit.zip')).toBe('ZIP');
  });

  it('renders buttons, external ones in a new tab', () => {
    expect(body).toContain(
      '<a class="button" href="https://billetterie.example/xv" target="_blank" rel="noopener">Acheter des billets<span class="visually-hidden"> (nouvel onglet)</span></a>',
    );
    expect(body).toContain('<a class="button" href="/accreditations">S’accréditer</a>');
  });

  it('keeps the plain text of unknown blocks only', () => {
    expect(body).toContain('<p class="article-body__paragraph">Une publication Instagram &amp; plus</p>');
    expect(body).not.toContain('<b>Instagram');
  });

  it('offers the download and the press kit', () => {
    expect(html).toContain(
      `<a class="button" href="https://api.example/u/dossier.pdf" download="">Télécharger${NBSP}: Dossier de presse (3,1${NBSP}Mo)</a>`,
    );
    expect(html).toContain(
      '<a class="button button--ghost" href="/categories/xv-de-france/liste-tournee-automne/kit-presse.zip" download="">Télécharger le kit presse</a>',
    );
  });

  it('shows tags and categories as uppercase chips, each leading to the search filtered by it', () => {
    const tags = /<ul class="article__tags">(.*?)<\/ul>/.exec(html)?.[1] ?? '';
    expect(tags).toBe(
      '<li><a class="chip" href="/recherche?post_tags=Six+Nations">SIX NATIONS</a></li><li><a class="chip" href="/recherche?post_tags=Tourn%C3%A9e+d%E2%80%99automne">TOURNÉE D’AUTOMNE</a></li><li><a class="chip" href="/recherche?categories=%C3%89quipes+de+France">ÉQUIPES DE FRANCE</a></li>',
    );
  });

  it('shows the press contact with initials when there is no photo', () => {
    const card = /<section class="author-card".*?<\/section>/.exec(html)?.[0] ?? '';
    expect(card).toContain('<h2 id="article-contact-presse" class="author-card__heading">Contact presse</h2>');
    expect(card).toContain('<span class="author-card__avatar author-card__avatar--initials" aria-hidden="true">MD</span>');
    expect(card).toContain('<p class="author-card__name">Marie Dupont</p><p class="author-card__role">Attachée de presse</p>');
    expect(card).toContain('<p class="author-card__description">Attachée de presse du <em>XV de France</em></p>');
    expect(card).toContain('<a href="tel:+33169636465">+33\u00a01\u00a069\u00a063\u00a064\u00a065</a>'); // never broken across lines
    expect(card).toContain('<a href="mailto:marie.dupont@ffr.fr">marie.dupont@ffr.fr</a>');

    const withPhoto = render(article({ auteur: { ...RAW.auteur, avatar_urls: { '48': '', '96': 'https://api.example/u/marie-96.jpg' } } }));
    expect(withPhoto).toContain(
      '<img class="author-card__avatar" src="https://api.example/u/marie-96.jpg" alt="" width="96" height="96" loading="lazy"',
    );
    expect(withPhoto).not.toContain('author-card__avatar--initials');

    const hostile = render(article({ auteur: { ...RAW.auteur, email: 'x@y.fr?bcc=all@ffr.fr', phone_number: 'javascript:alert(1)' } }));
    expect(hostile).not.toContain('mailto:');
    expect(hostile).not.toContain('href="tel:');
    expect(render(article({ auteur: null }))).not.toContain('author-card');
  });

  it('shows the sidebar and similar content as post cards', () => {
    expect(html).toContain('<div class="article-layout article-layout--sidebar">');
    expect(html).toMatch(
      /<aside class="article-sidebar" aria-labelledby="article-sidebar-title"><h2 id="article-sidebar-title" class="article-sidebar__title">À lire aussi<\/h2><div class="card-list"><article class="card">/,
    );
    const similar = /<section class="article-similar".*?<\/section>/.exec(html)?.[0] ?? '';
    expect(similar).toContain('<h2 id="article-similar-title" class="section-title">Dans la même catégorie</h2>');
    expect(count(similar, /<article class="card">/g)).toBe(2);
    // Cards without a picture get the placeholder given to the view.
    expect(similar).toContain('src="/images/placeholder-ffr.svg"');

    const bare = render(article({ sidebar: null, similarContent: [] }));
    expect(bare).not.toContain('<aside');
    expect(bare).not.toContain('Dans la même catégorie');
    expect(bare).toContain('<div class="article-layout">');
  });

  it('has no empty link', () => {
    expect(html).not.toMatch(/<a [^>]*>\s*<\/a>/);
  });
});

describe('illustration video', () => {
  it('frames an allowed video instead of the image', () => {
    const out = render(article({ illustration_video: 'https://www.dailymotion.com/embed/video/x8abc' }));
    expect(out).toContain(
      `<div class="article-video article__video"><iframe src="https://www.dailymotion.com/embed/video/x8abc" title="Vidéo${NBSP}: Le XV de France dévoile sa liste pour la tournée d’automne" loading="lazy"`,
    );
    expect(out).not.toContain('article__illustration');
  });

  it('falls back to the image for any other host', () => {
    const out = render(article({ illustration_video: 'https://evil.example/embed/1' }));
    expect(out).toContain('<figure class="article__illustration">');
    expect(out).not.toContain('evil.example');
    expect(count(out, /<iframe /g)).toBe(1); // the body's YouTube block only
  });
});

describe('press kit', () => {
  const plain = { illustration: '', file_download_post: null, blocs: [{ type: 'paragraph', content: 'Texte seul.' }] };

  it('is offered only when the article has pictures or documents', () => {
    expect(hasPressKit(article(plain))).toBe(false);
    expect(render(article(plain))).not.toContain('kit presse');
    expect(hasPressKit(article({ ...plain, illustration: 'https://api.example/u/a.jpg' }))).toBe(true);
    expect(hasPressKit(article({ ...plain, blocs: [{ type: 'gallery', images: [] }] }))).toBe(true);
    expect(hasPressKit(article({ ...plain, blocs: [{ type: 'file', url: 'https://x/a.pdf', title: '', filesize: 0, mime: '' }] }))).toBe(
      true,
    );
  });

  it('lives under the article path, whatever form the link has', () => {
    expect(pressKitHref(article({ link: 'https://presse.ffr.fr/categories/xv/mon-article/' }))).toBe(
      '/categories/xv/mon-article/kit-presse.zip',
    );
    expect(pressKitHref(article({ link: '' }))).toBe('/categories/xv-de-france/liste-tournee-automne/kit-presse.zip');
  });
});
