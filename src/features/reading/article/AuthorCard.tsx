import { displayPhone, telHref } from '../../../lib/format/phone';
import type { Author } from '../../../schemas/article';
import { InlineHtml, htmlToText } from '../../../lib/html/inline-html';
import { safeSrc } from '../../../lib/html/urls';
import { authorHref } from '../../../lib/authors';

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

/** The author's photo, or their initials when there is none (nothing when there is no name either). */
export function AuthorAvatar({ author, lazy = true }: { author: Author; lazy?: boolean }) {
  const avatar = safeSrc(author.avatar_urls['96']) ?? safeSrc(author.avatar_urls['48']);
  const letters = initials(htmlToText(author.nom));
  if (avatar) {
    // The name follows: the photo needs no text of its own.
    return (
      <img
        className="author-card__avatar"
        src={avatar}
        alt=""
        width={96}
        height={96}
        loading={lazy ? 'lazy' : undefined}
        decoding="async"
      />
    );
  }
  return letters ? (
    <span className="author-card__avatar author-card__avatar--initials" aria-hidden="true">
      {letters}
    </span>
  ) : null;
}

const contactsOf = (author: Author) => {
  const email = author.email.trim();
  return {
    phone: displayPhone(author.phone_number),
    tel: telHref(author.phone_number).slice('tel:'.length),
    email,
    hasEmail: EMAIL.test(email),
  };
};

/** Phone and e-mail, each a link when it is one a phone or a mail client can use. */
export function AuthorContacts({ author }: { author: Author }) {
  const { phone, tel, email, hasEmail } = contactsOf(author);
  if (!phone && !hasEmail) return null;
  return (
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
  );
}

/** The press officer who wrote the release: journalists call or write to them, or read their other posts. */
export function AuthorCard({ author }: { author: Author }) {
  const name = htmlToText(author.nom);
  const role = htmlToText(author.role_edition);
  const { phone, hasEmail } = contactsOf(author);
  if (!name && !phone && !hasEmail) return null;
  const href = authorHref(author.author_link);

  return (
    <section className="author-card" aria-labelledby="article-contact-presse">
      <h2 id="article-contact-presse" className="author-card__heading">
        Contact presse
      </h2>
      <div className="author-card__body">
        <AuthorAvatar author={author} />
        <div className="author-card__text">
          {name ? <p className="author-card__name">{href ? <a href={href}>{name}</a> : name}</p> : null}
          {role ? <p className="author-card__role">{role}</p> : null}
          {htmlToText(author.description) ? (
            <p className="author-card__description">
              <InlineHtml html={author.description} />
            </p>
          ) : null}
          <AuthorContacts author={author} />
        </div>
      </div>
    </section>
  );
}
