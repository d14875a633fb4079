import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { renderPage } from '../render/render-page.server';
import { pageTitle } from '../render/site';
import type { Shell } from '../render/shell.server';
import { Document } from './_renderer';

/** A page whose content could not be loaded and has never been seen: say so, and when to retry. */
export function unavailablePage(c: Context<AppEnv>, shell: Shell) {
  return renderPage(
    c,
    <Document
      head={{ title: pageTitle('Page momentanément indisponible', shell.settings), noindex: true }}
      shell={shell}
      page={{ path: c.req.path, tracking: { page_type: 'erreur', page_category: '', page_subcategory: '', articleThematic: '' } }}
    >
      <div className="container page-message">
        <p className="page-message__code">Erreur 503</p>
        <h1>Un problème est survenu</h1>
        <p>Cette page est momentanément indisponible. Merci de rafraîchir la page dans quelques instants.</p>
        <p>
          <a className="button" href={c.req.path}>
            Rafraîchir la page
          </a>
        </p>
      </div>
    </Document>,
    { status: 503, cache: { cacheable: false, tags: [] } },
  );
}
