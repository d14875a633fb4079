import { displayText } from '../../lib/format/typography';
import { HIGHLIGHT_POST, HIGHLIGHT_PRE } from '../../schemas/search-request';

/**
 * A highlighted value from Algolia as React nodes. Algolia does not HTML-escape the record text it
 * highlights (only the tags are inserted; escaping is left to the client, as InstantSearch's
 * escapeHTML option does in algolia/instantsearch packages/instantsearch.js/src/lib/utils/escape-highlight.ts),
 * so the value is plain text: React escapes it, and only our own markers (not HTML) become <mark>.
 */
export function Highlight({ value }: { value: string }) {
  // Set as French text as a whole (a space before « : » may sit just outside a highlighted word).
  const parts = displayText(value).split(HIGHLIGHT_PRE);
  return (
    <>
      {parts.map((part, i) => {
        if (i === 0) return part;
        const end = part.indexOf(HIGHLIGHT_POST);
        if (end < 0) return part;
        return (
          <span key={i}>
            <mark>{part.slice(0, end)}</mark>
            {part.slice(end + HIGHLIGHT_POST.length)}
          </span>
        );
      })}
    </>
  );
}

export const plainHighlight = (value: string) => value.split(HIGHLIGHT_PRE).join('').split(HIGHLIGHT_POST).join('');
