import type { ReactNode } from 'react';
import { displayPhone, telHref } from '../../../lib/format/phone';
import type { Page } from '../../../schemas/page';
import type { Settings } from '../../../schemas/settings';
import { pageHref } from '../../teams/links';
import { Breadcrumb, type Crumb } from '../../../ui/Breadcrumb';
import { RichText } from '../../../ui/RichText';
import { displayText } from '../../../lib/format/typography';

// A WordPress page as the site shows it; the contact template adds the press office's details.

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

/** `trail`: the pages above this one, from the home page down. */
export function PageView({ page, settings, trail, children }: { page: Page; settings: Settings; trail: Crumb[]; children?: ReactNode }) {
  const contact = page.template === 'page-contact';
  return (
    <article className="container page">
      <Breadcrumb trail={trail} current={page.title} />
      {contact && page.banniere?.image ? (
        <div className="page-banner" style={{ backgroundImage: `url("${encodeURI(page.banniere.image)}")` }}>
          <h1>{page.banniere.title || page.title}</h1>
        </div>
      ) : (
        <h1>{page.title}</h1>
      )}
      {page.excerpt ? <p className="page__lead">{displayText(page.excerpt)}</p> : null}
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
                <a href={pageHref(child)}>{child.title}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </article>
  );
}
