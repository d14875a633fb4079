import { safeHref } from '../lib/html/urls';

// Every « sorry » of the site in one place (SPEC §4, §8): the whole page when its own content is
// missing or could not be loaded, and the notice for one part of a page that could not be.

const NBSP = '\u00a0';
const RETRY = 'Merci de rafraîchir la page dans quelques instants.';

/** Only a path of this site may be reloaded: anything else reloads the home page. */
function refreshHref(path: string): string {
  const href = safeHref(path);
  return href?.startsWith('/') ? href : '/';
}

const SUBJECTS = {
  page: { missing: 'Cette page est introuvable', gone: 'la page que vous cherchez n’existe pas ou a été déplacée', failed: 'cette page' },
  article: {
    missing: 'Cet article est introuvable',
    gone: 'l’article que vous cherchez n’existe pas ou n’est plus en ligne',
    failed: 'cet article',
  },
} as const;

export type ApologyProps =
  | { kind: 'not-found'; subject?: keyof typeof SUBJECTS }
  | { kind: 'failure'; subject?: keyof typeof SUBJECTS; path: string };

/** The page's own content does not exist (404) or could not be loaded (503). */
export function Apology(props: ApologyProps) {
  const subject = SUBJECTS[props.subject ?? 'page'];
  if (props.kind === 'not-found') {
    return (
      <article className="container page-message">
        <p className="page-message__code">Erreur 404</p>
        <h1>{subject.missing}</h1>
        <p>{`Nous sommes désolés${NBSP}: ${subject.gone}.`}</p>
        <p className="page-message__actions">
          <a className="button" href="/">
            Retour à l’accueil
          </a>{' '}
          <a className="button button--ghost" href="/recherche">
            Rechercher un contenu
          </a>
        </p>
      </article>
    );
  }
  return (
    <article className="container page-message">
      <p className="page-message__code">Erreur 503</p>
      <h1>Un problème est survenu</h1>
      <p>{`Nous n’avons pas pu charger ${subject.failed}. ${RETRY}`}</p>
      <p className="page-message__actions">
        <a className="button" href={refreshHref(props.path)}>
          Rafraîchir la page
        </a>
      </p>
    </article>
  );
}

/** One part of a page could not be loaded: the rest of the page stands. */
export function Unavailable({ what }: { what: string }) {
  return <p className="notice">{`${what} ${RETRY}`}</p>;
}
