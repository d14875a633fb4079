import { displayPhone, telHref } from '../../../lib/format/phone';
import type { Author } from '../../../schemas/article';
import { InlineHtml, htmlToText } from '../../../lib/html/inline-html';
import { safeSrc } from '../../../lib/html/urls';

const EMAIL = /^[^\s@<>()[\]"',;:?&=/\\]+@[^\s@<>()[\]"',;:?&=/\\]+\.[a-z]{2,}$/i;

/** « Jean-Marc Dupont » → « JD »: shown in place of a missing photo. */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return [first, last]
    .map((w) => (w ? (Array.from(w)[0] ?? '') : ''))
    .join('')
    .toLocaleUpperCase('fr-FR');
}

/** The press officer who wrote the release: journalists call or write to them. */
export function AuthorCard({ author }: { author: Author }) {
  const name = htmlToText(author.nom);
  const role = htmlToText(author.role_edition);
  const phone = displayPhone(author.phone_number);
  const tel = telHref(author.phone_number).slice('tel:'.length);
  const email = author.email.trim();
  const hasEmail = EMAIL.test(email);
  if (!name && !phone && !hasEmail) return null;
  const avatar = safeSrc(author.avatar_urls['96']) ?? safeSrc(author.avatar_urls['48']);
  const letters = initials(name);

  return (
    <section className="author-card" aria-labelledby="article-contact-presse">
      <h2 id="article-contact-presse" className="author-card__heading">
        Contact presse
      </h2>
      <div className="author-card__body">
        {avatar ? (
          // The name follows: the photo needs no text of its own.
          <img className="author-card__avatar" src={avatar} alt="" width={96} height={96} loading="lazy" decoding="async" />
        ) : letters ? (
          <span className="author-card__avatar author-card__avatar--initials" aria-hidden="true">
            {letters}
          </span>
        ) : null}
        <div className="author-card__text">
          {name ? <p className="author-card__name">{name}</p> : null}
          {role ? <p className="author-card__role">{role}</p> : null}
          {htmlToText(author.description) ? (
            <p className="author-card__description">
              <InlineHtml html={author.description} />
            </p>
          ) : null}
          {phone || hasEmail ? (
            <ul className="author-card__contacts">
              {phone ? (
                <li>
                  <span className="author-card__label">{'Téléphone\u00a0: '}</span>
                  {tel.replace('+', '').length >= 3 ? <a href={`tel:${tel}`}>{phone}</a> : phone}
                </li>
              ) : null}
              {hasEmail ? (
                <li>
                  <span className="author-card__label">{'E-mail\u00a0: '}</span>
                  <a href={`mailto:${email}`}>{email}</a>
                </li>
              ) : null}
            </ul>
          ) : null}
        </div>
      </div>
    </section>
  );
}
