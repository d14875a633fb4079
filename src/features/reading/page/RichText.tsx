import { InlineHtml } from '../../../lib/html/inline-html';

// Page bodies and event sidebars arrive as simple HTML. Block elements we know are rebuilt as
// React elements and their content goes through the inline allow-list; anything else is text.

const BLOCK = /<(p|h2|h3|h4|ul|ol|blockquote)\b[^>]*>([\s\S]*?)<\/\1\s*>/gi;
const ITEM = /<li\b[^>]*>([\s\S]*?)<\/li\s*>/gi;

type Part = { tag: string; inner: string };

export function splitBlocks(html: string): Part[] {
  const parts: Part[] = [];
  let last = 0;
  for (const m of html.matchAll(BLOCK)) {
    const before = html.slice(last, m.index).trim();
    if (before) parts.push({ tag: 'p', inner: before });
    parts.push({ tag: m[1]!.toLowerCase(), inner: m[2]! });
    last = m.index! + m[0].length;
  }
  const rest = html.slice(last).trim();
  if (rest) for (const para of rest.split(/\n{2,}/)) if (para.trim()) parts.push({ tag: 'p', inner: para.trim() });
  return parts;
}

export function RichText({ html, className }: { html: string; className?: string }) {
  return (
    <div className={className}>
      {splitBlocks(html).map((part, i) => {
        const inline = <InlineHtml html={part.inner} />;
        switch (part.tag) {
          case 'h2':
            return <h2 key={i}>{inline}</h2>;
          case 'h3':
            return <h3 key={i}>{inline}</h3>;
          case 'h4':
            return <h4 key={i}>{inline}</h4>;
          case 'blockquote':
            return <blockquote key={i}>{inline}</blockquote>;
          case 'ul':
          case 'ol': {
            const items = [...part.inner.matchAll(ITEM)].map((m) => m[1]!);
            const List = part.tag;
            return (
              <List key={i}>
                {items.map((item, j) => (
                  <li key={j}>
                    <InlineHtml html={item} />
                  </li>
                ))}
              </List>
            );
          }
          default:
            return <p key={i}>{inline}</p>;
        }
      })}
    </div>
  );
}

