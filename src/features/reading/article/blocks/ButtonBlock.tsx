import { htmlToText } from '../../../../lib/html/inline-html';
import { isExternal, safeHref } from '../../../../lib/html/urls';
import type { BlockOf } from './types';

export function ButtonBlock({ block }: { block: BlockOf<'button'> }) {
  const href = safeHref(block.url);
  const label = htmlToText(block.label);
  if (!href || !label) return null;
  const external = isExternal(href);
  return (
    <p className="article-button">
      <a className="button" href={href} target={external ? '_blank' : undefined} rel={external ? 'noopener' : undefined}>
        {label}
        {/* Say it before it happens: the link leaves the site in a new tab. */}
        {external ? <span className="visually-hidden"> (nouvel onglet)</span> : null}
      </a>
    </p>
  );
}
