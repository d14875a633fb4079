import { InlineHtml, htmlToText } from '../../../../lib/html/inline-html';
import type { BlockOf } from './types';

const columns = (block: BlockOf<'table'>) => Math.max(block.head.length, ...block.rows.map((r) => r.length));

export function Table({ block }: { block: BlockOf<'table'> }) {
  if (block.head.length === 0 && block.rows.length === 0) return null;
  const caption = htmlToText(block.caption);
  const wide = columns(block) >= 5;
  return (
    // Wide tables scroll sideways on phones: the region is focusable so keyboards can scroll it.
    <section className={wide ? 'article-table article-table--wide' : 'article-table'} aria-label={caption || 'Tableau'} tabIndex={0}>
      {/* Any table can be wider than a phone (two columns of long words too): the hint is always
          there, and shown only where the table really scrolls (article.css, client/scroll-hints.ts). */}
      <p className="article-table__hint" aria-hidden="true">
        Faites glisser le tableau pour voir toutes les colonnes →
      </p>
      <table>
        {caption ? (
          <caption>
            <InlineHtml html={block.caption} />
          </caption>
        ) : null}
        {block.head.length > 0 ? (
          <thead>
            <tr>
              {block.head.map((cell, i) => (
                <th key={i} scope="col">
                  <InlineHtml html={cell} />
                </th>
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody>
          {block.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) => (
                <td key={c}>
                  <InlineHtml html={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
