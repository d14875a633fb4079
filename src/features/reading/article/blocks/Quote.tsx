import { InlineHtml, htmlToText } from '../../../../lib/html/inline-html';
import type { BlockOf } from './types';

/** The figure groups the quotation with who said it, outside the quotation itself. */
export function Quote({ block }: { block: BlockOf<'quote'> }) {
  if (!htmlToText(block.content)) return null;
  return (
    <figure className="article-quote">
      <blockquote className="article-quote__text">
        <p>
          <InlineHtml html={block.content} />
        </p>
      </blockquote>
      {htmlToText(block.citation) ? (
        <figcaption className="article-quote__source">
          <cite>
            <InlineHtml html={block.citation} />
          </cite>
        </figcaption>
      ) : null}
    </figure>
  );
}
