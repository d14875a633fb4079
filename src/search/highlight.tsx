import { decodeEntities } from '../components/article/inline-html';
import { HIGHLIGHT_POST, HIGHLIGHT_PRE } from './params';

/**
 * A highlighted value from Algolia as React nodes. Algolia HTML-escapes the record text; we decode
 * it back to plain text and let React escape it again, so markup in a title can never run. Only our
 * own markers (not HTML) turn into <mark>.
 */
export function Highlight({ value }: { value: string }) {
  const parts = value.split(HIGHLIGHT_PRE);
  return (
    <>
      {parts.map((part, i) => {
        if (i === 0) return decodeEntities(part);
        const end = part.indexOf(HIGHLIGHT_POST);
        if (end < 0) return decodeEntities(part);
        return (
          <span key={i}>
            <mark>{decodeEntities(part.slice(0, end))}</mark>
            {decodeEntities(part.slice(end + HIGHLIGHT_POST.length))}
          </span>
        );
      })}
    </>
  );
}

export const plainHighlight = (value: string) => decodeEntities(value.split(HIGHLIGHT_PRE).join('').split(HIGHLIGHT_POST).join(''));
