import { InlineHtml, htmlToText } from '../../../../lib/html/inline-html';
import type { BlockOf } from './types';

export function Paragraph({ block }: { block: BlockOf<'paragraph'> }) {
  // WordPress leaves empty paragraphs (« &nbsp; », a lone <br>) as spacers: the CSS spaces blocks.
  if (!htmlToText(block.content)) return null;
  return (
    <p className="article-body__paragraph">
      <InlineHtml html={block.content} />
    </p>
  );
}
