import { InlineHtml, htmlToText } from '../../../../lib/html/inline-html';
import type { BlockOf } from './types';

/** Levels 2 to 4 only: the page title is the one h1. */
export function Heading({ block }: { block: BlockOf<'heading'> }) {
  if (!htmlToText(block.content)) return null;
  const Tag = `h${block.level}` as const satisfies 'h2' | 'h3' | 'h4';
  return (
    <Tag className={`article-body__heading article-body__heading--${block.level}`}>
      <InlineHtml html={block.content} />
    </Tag>
  );
}
