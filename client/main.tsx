// The page's only script before its load event: a few hundred bytes that decide when the islands
// and their runtime come (client/hydrate.tsx). Everything works without them (links, forms that post), so
// they wait for the browser to be idle after load, or for the first sign of a reader: a pointer,
// a key, a focus. A button pressed before then is pressed again once its island is live.

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
let started: Promise<void> | null = null;
let pressed: HTMLElement | null = null;

function start(): Promise<void> {
  if (started) return started;
  for (const type of INTERACTIONS) document.removeEventListener(type, start, true);
  started = import('./hydrate').then(({ hydrateIslands }) => hydrateIslands());
  void started.then(replayEarlyPress, () => undefined);
  return started;
}

// Only buttons that need script are replayed: links navigate and submit buttons post on their own.
function rememberEarlyPress(event: MouseEvent) {
  const button = (event.target as Element | null)?.closest?.('[data-island] button[type="button"]');
  if (button instanceof HTMLElement) pressed = button;
}

function replayEarlyPress() {
  document.removeEventListener('click', rememberEarlyPress, true);
  const button = pressed;
  pressed = null;
  // Every island is live once hydrateIslands has settled: the next frame is soon enough.
  if (button?.isConnected) requestAnimationFrame(() => button.click());
}

const whenIdle = (task: () => void) => () => ('requestIdleCallback' in window ? requestIdleCallback(task, { timeout: 2000 }) : setTimeout(task, 200));
const afterLoad = (task: () => void) => (document.readyState === 'complete' ? task() : addEventListener('load', task, { once: true }));

if (document.querySelector('[data-island]')) {
  for (const type of INTERACTIONS) document.addEventListener(type, start, { capture: true, passive: true });
  document.addEventListener('click', rememberEarlyPress, true);
  // Back to a list grown with « Voir plus »: its island restores the pages and the scroll at once.
  if ((history.state as { ffrList?: unknown } | null)?.ffrList) void start();
  else afterLoad(whenIdle(() => void start()));
}

// Next pages fetched ahead as their links come near the viewport (client/prefetch.ts).
afterLoad(whenIdle(() => void import('./prefetch').then(({ prefetchNearLinks }) => prefetchNearLinks(), () => undefined)));

export {};
