/**
 * A long text as a reader can take it in a sentence: at most `max` characters, cut at a word
 * boundary when one is near, with an ellipsis. For echoing what a visitor typed (a 500-character
 * search reads « … » after 80).
 */
export function shorten(text: string, max = 80): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?]+$/, '')}…`;
}
