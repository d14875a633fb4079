import type { ReactNode } from 'react';
import { displayPhone, telHref } from '../lib/format/phone';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { tag } from '../cache/tags.server';
import { RichText } from '../components/page/RichText';
import { isDegraded, settle } from '../data/loaded';
import { breadcrumbLd } from '../feeds/json-ld';
import { isAllowedRedirect } from '../lib/redirects';
import { renderPage } from '../render/render-page.server';
import { canonical, pageTitle, siteHostname, siteOrigin } from '../render/site';
import { loadShell } from '../render/shell.server';
import { isDisplayable, type Page } from '../schemas/page';
import type { Settings } from '../schemas/settings';
import { Document } from './_renderer';
import { notFoundPage } from './_404';

// The page list of WordPress: /mentions-legales, /contact (template page-contact) and any other
// displayable page by its slug (SPEC §2: niveau 1 or 2, or a template, or a redirection).

function PressContacts({ contacts }: { contacts: Settings['contacts'] }) {
  return (
    <section className="press-contacts" aria-labelledby="contacts-presse">
      <h2 id="contacts-presse">Service de presse</h2>
      <dl>
        {contacts.adresse ? (
          <>
            <dt>Adresse</dt>
            <dd>
              {contacts.adresse}
              {contacts.adresse_map ? (
                <>
                  {' '}
                  <a href={contacts.adresse_map} target="_blank" rel="noopener">
                    Voir sur la carte
                  </a>
                </>
              ) : null}
            </dd>
          </>
        ) : null}
        {contacts.telephone ? (
          <>
            <dt>Téléphone</dt>
            <dd>
              <a href={telHref(contacts.telephone)}>{displayPhone(contacts.telephone)}</a>
            </dd>
          </>
        ) : null}
        {contacts.email ? (
          <>
            <dt>Courriel</dt>
            <dd>
              <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
            </dd>
          </>
        ) : null}
        {contacts.horaires ? (
          <>
            <dt>Horaires</dt>
            <dd>{contacts.horaires}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function PageView({ page, settings, children }: { page: Page; settings: Settings; children?: ReactNode }) {
  const contact = page.template === 'page-contact';
  return (
    <article className="container page">
      <nav className="breadcrumb" aria-label="Fil d’Ariane">
        <ol>
          <li>
            <a href="/">Accueil</a>
          </li>
          <li aria-current="page">{page.title}</li>
        </ol>
      </nav>
      {contact && page.banniere?.image ? (
        <div className="page-banner" style={{ backgroundImage: `url("${encodeURI(page.banniere.image)}")` }}>
          <h1>{page.banniere.title || page.title}</h1>
        </div>
      ) : (
        <h1>{page.title}</h1>
      )}
      {page.excerpt ? <p className="page__lead">{page.excerpt}</p> : null}
      {page.featured_media?.src ? (
        <figure className="page__media">
          <img src={page.featured_media.src} alt="" width={1280} height={720} />
          {page.featured_media.legend ? <figcaption>{page.featured_media.legend}</figcaption> : null}
        </figure>
      ) : null}
      {page.content ? <RichText className="page__body prose" html={page.content} /> : null}
      {page.blocs.length > 0 ? (
        <div className="page-blocs">
          {page.blocs.map((b, i) => (
            <section key={i} className="page-bloc">
              {b.title ? <h2>{b.title}</h2> : null}
              <RichText html={b.content} />
            </section>
          ))}
        </div>
      ) : null}
      {contact ? <PressContacts contacts={settings.contacts} /> : null}
      {children}
      {page.liste_enfants.length > 0 ? (
        <nav className="page__children" aria-label="Dans cette rubrique">
          <ul>
            {page.liste_enfants.map((child) => (
              <li key={child.slug}>
                <a href={`/${child.slug}`}>{child.title}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </article>
  );
}

export async function pageRoute(c: Context<AppEnv>, slug = c.req.param('slug') ?? '', extra: { children?: ReactNode; cacheable?: boolean; tracking?: string } = {}) {
  if (!/^[a-z0-9][a-z0-9-]{0,190}$/.test(slug)) return notFoundPage(c);
  const content = c.var.content;
  const [shell, page] = await Promise.all([loadShell(content, c.var.config), settle(content.page(slug), `page ${slug}`)]);
  if (page.status === 'not-found' || (page.status === 'success' && !isDisplayable(page.data))) return notFoundPage(c);
  if (page.status === 'success' && page.data.redirection) {
    const target = page.data.redirection;
    if (isAllowedRedirect(target, siteHostname(c))) return c.redirect(target, 302);
  }
  const s = shell.settings;
  const origin = siteOrigin(c);
  return renderPage(
    c,
    <Document
      head={
        page.status === 'success'
          ? {
              title: pageTitle(page.data.meta_title || page.data.title, s),
              description: page.data.meta_description || page.data.excerpt || undefined,
              canonical: canonical(c),
              jsonLd: [breadcrumbLd([{ name: 'Accueil', url: `${origin}/` }, { name: page.data.title, url: canonical(c) }])],
            }
          : { title: pageTitle('Un problème est survenu', s), noindex: true }
      }
      shell={shell}
      page={{ path: c.req.path, tracking: { page_type: extra.tracking ?? (slug === 'contact' ? 'contact' : 'page'), page_category: '', page_subcategory: '', articleThematic: '' } }}
    >
      {page.status === 'success' ? (
        <PageView page={page.data} settings={s}>
          {extra.children}
        </PageView>
      ) : (
        <div className="container page-message">
          <h1>Un problème est survenu</h1>
          <p>Nous n’avons pas pu charger cette page. Merci de rafraîchir la page dans quelques instants.</p>
          <p>
            <a className="button" href={c.req.path}>
              Rafraîchir la page
            </a>
          </p>
        </div>
      )}
    </Document>,
    { status: page.status === 'success' ? 200 : 503, cache: { cacheable: (extra.cacheable ?? true) && !isDegraded(...shell.areas, page), tags: [tag.site, `page:${slug}`] } },
  );
}

/** Old addresses of the federation's sites (SPEC §2 "other path patterns"). */
export function legacyRedirect(c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  const m = /^\/actualites\/([^/]+)\/([^/]+)\/?$/.exec(url.pathname);
  if (m) return c.redirect(`/categories/${m[1]}/${m[2]}`, 301);
  if (/^\/resultats-de-recherche\/?$/.test(url.pathname)) {
    const query = url.searchParams.get('s') ?? url.searchParams.get('query');
    return c.redirect(query ? `/recherche?${new URLSearchParams({ query })}` : '/recherche', 301);
  }
  return null;
}
