import { InlineHtml, htmlToText } from '../../../../lib/html/inline-html';
import type { BlockOf } from './types';

export function List({ block }: { block: BlockOf<'list'> }) {
  const items = block.items.filter((item) => htmlToText(item));
  if (items.length === 0) return null;
  const Tag = block.ordered ? 'ol' : 'ul';
  return (
    <Tag className="article-body__list">
      {items.map((item, i) => (
        <li key={i}>
          <InlineHtml html={item} />
        </li>
      ))}
    </Tag>
  );
}
