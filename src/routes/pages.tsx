import type { ReactNode } from 'react';
import { displayPhone, telHref } from '../lib/format/phone';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { RichText } from '../features/reading/page/RichText';
import { settle } from '../data/loaded';
import { Apology } from '../ui/Apology';
import { breadcrumbLd } from '../features/feeds/json-ld';
import { isAllowedRedirect } from '../lib/redirects';
import { canonical, siteHostname, siteOrigin } from '../render/site';
import { isDisplayable, type Page } from '../schemas/page';
import type { Settings } from '../schemas/settings';
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

/** What a route built on a WordPress page adds to it (the contact and accreditation forms). */
export type PageAddition = { children?: ReactNode; cache?: 'shared' | 'never'; pageType?: string };

/** /{slug}: a displayable WordPress page. */
export const pageRoute = (c: Context<AppEnv>) => renderWordPressPage(c, c.req.param('slug') ?? '');

export async function renderWordPressPage(c: Context<AppEnv>, slug: string, addition: PageAddition = {}) {
  if (!/^[a-z0-9][a-z0-9-]{0,190}$/.test(slug)) return notFoundPage(c);
  const [{ settings }, page] = await Promise.all([c.var.shell, settle(c.var.content.page(slug), `page ${slug}`)]);
  if (page.status === 'not-found' || (page.status === 'success' && !isDisplayable(page.data))) return notFoundPage(c);
  const tracking = { page_type: addition.pageType ?? (slug === 'contact' ? 'contact' : 'page') };
  if (page.status === 'failure') {
    return c.render(<Apology kind="failure" path={c.req.path} />, { status: 503, head: { title: 'Un problème est survenu', noindex: true }, tracking });
  }
  const p = page.data;
  if (p.redirection && isAllowedRedirect(p.redirection, siteHostname(c))) return c.redirect(p.redirection, 302);
  const origin = siteOrigin(c);
  return c.render(
    <PageView page={p} settings={settings}>
      {addition.children}
    </PageView>,
    {
      head: {
        title: p.meta_title || p.title,
        description: p.meta_description || p.excerpt || undefined,
        canonical: canonical(c),
        jsonLd: [breadcrumbLd([{ name: 'Accueil', url: `${origin}/` }, { name: p.title, url: canonical(c) }])],
      },
      tracking,
      cache: addition.cache,
    },
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
