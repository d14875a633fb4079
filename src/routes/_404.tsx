import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { renderPage } from '../render/render-page.server';
import { loadShell } from '../render/shell.server';
import { Document } from './_renderer';

export async function notFoundPage(c: Context<AppEnv>) {
  const shell = await loadShell(c.var.content, c.var.config);
  return renderPage(
    c,
    <Document
      head={{ title: `Page introuvable — ${shell.settings.title}`, noindex: true }}
      shell={shell}
      page={{ path: c.req.path, notFound: true, tracking: { page_type: '404', page_category: '', page_subcategory: '', articleThematic: '' } }}
    >
      <div className="container page-message">
        <p className="page-message__code">Erreur 404</p>
        <h1>Cette page est introuvable</h1>
        <p>Nous sommes désolés : la page que vous cherchez n’existe pas ou a été déplacée.</p>
        <p>
          <a className="button" href="/">
            Retour à l’accueil
          </a>{' '}
          <a className="button button--ghost" href="/recherche">
            Rechercher un contenu
          </a>
        </p>
      </div>
    </Document>,
    { status: 404, cache: { cacheable: false, tags: [] } },
  );
}
