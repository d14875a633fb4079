import type { ReactNode } from 'react';

// A score or a range written with a hyphen (« (10-13) », « 16-16 ») must not break at the hyphen:
// « Le XV de France s’incline face au Japon (10- » on one line and « 13) » on the next.
const NO_BREAK = /(\(?\d+[-–]\d+\)?)/;

/** A title as text, with its scores kept on one line. */
export function Title({ text }: { text: string }): ReactNode {
  const parts = text.split(NO_BREAK);
  if (parts.length === 1) return text;
  return parts.map((part, i) => (i % 2 === 1 ? <span key={i} className="nowrap">{part}</span> : part));
}
