import type { ReactNode } from 'react';
import { displayText, KEEP_TOGETHER } from '../lib/format/typography';

/** A title from WordPress as French text (lib/format/typography.ts), its scores and hyphenated names kept on one line. */
export function Title({ text }: { text: string }): ReactNode {
  const parts = displayText(text).split(KEEP_TOGETHER);
  if (parts.length === 1) return parts[0];
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
