import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Apology, Unavailable } from './Apology';

const NBSP = '\u00a0';

describe('Apology for an article', () => {
  it('apologises for a missing article', () => {
    const out = renderToStaticMarkup(<Apology kind="not-found" subject="article" />);
    expect(out).toContain('<h1>Cet article est introuvable</h1>');
    expect(out).toContain(`<p>Nous sommes désolés${NBSP}: l’article que vous cherchez n’existe pas ou n’est plus en ligne.</p>`);
    expect(out).toContain('<a class="button" href="/">Retour à l’accueil</a>');
    expect(out).toContain('<a class="button button--ghost" href="/recherche">Rechercher un contenu</a>');
  });

  it('asks to refresh after a failure', () => {
    const out = renderToStaticMarkup(<Apology kind="failure" subject="article" path="/categories/xv-de-france/mon-article" />);
    expect(out).toContain('<h1>Un problème est survenu</h1>');
    expect(out).toContain('<p>Nous n’avons pas pu charger cet article. Merci de rafraîchir la page dans quelques instants.</p>');
    expect(out).toContain('<a class="button" href="/categories/xv-de-france/mon-article">Rafraîchir la page</a>');
    expect(renderToStaticMarkup(<Apology kind="failure" subject="article" path="//evil.example/x" />)).toContain('href="/"');
    expect(renderToStaticMarkup(<Apology kind="failure" subject="article" path="javascript:alert(1)" />)).toContain('href="/"');
  });
});

describe('Apology for a page', () => {
  it('names the missing page, and a failed one with the 503 code', () => {
    const missing = renderToStaticMarkup(<Apology kind="not-found" />);
    expect(missing).toContain('Erreur 404');
    expect(missing).toContain('<h1>Cette page est introuvable</h1>');
    expect(missing).toContain(`Nous sommes désolés${NBSP}: la page que vous cherchez n’existe pas ou a été déplacée.`);
    const failed = renderToStaticMarkup(<Apology kind="failure" path="/evenements/france-ecosse" />);
    expect(failed).toContain('Erreur 503');
    expect(failed).toContain('<p>Nous n’avons pas pu charger cette page. Merci de rafraîchir la page dans quelques instants.</p>');
  });

  it('says which part of a page is missing, and when to come back', () => {
    expect(renderToStaticMarkup(<Unavailable what="Les événements sont momentanément indisponibles." />)).toBe(
      '<p class="notice">Les événements sont momentanément indisponibles. Merci de rafraîchir la page dans quelques instants.</p>',
    );
  });
});
