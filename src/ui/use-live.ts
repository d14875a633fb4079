import { useEffect, useState } from 'react';

/**
 * False in the server's HTML and in the first render that hydrates it, true once the island runs.
 * An island renders its no-JavaScript form (a link, a `:target` panel, a form) until then, so that
 * the page works before its script has come, or without it, and hydration finds what the server wrote.
 */
export function useLive(): boolean {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return live;
}
