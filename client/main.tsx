// The page's only script before its load event: a few hundred bytes that decide when the islands
// and their runtime come (client/hydrate.tsx). Everything works without them (links, forms that post), so
// they wait for the browser to be idle after load, or for the first sign of a reader: a pointer,
// a key, a focus. A button pressed before then is pressed again once its island is live; so is a
// link whose island opens a window instead of leaving the page (`data-replay-press`, « Contactez-
// nous »): it waits for its island, and is followed after all should the islands not come.

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
/** How long a link pressed early waits for its island before it is followed like any link. */
const LINK_WAIT_MS = 5000;
let started: Promise<void> | null = null;
let pressed: HTMLElement | null = null;

function start(): Promise<void> {
  if (started) return started;
  for (const type of INTERACTIONS) document.removeEventListener(type, start, true);
  started = import('./hydrate').then(({ hydrateIslands }) => hydrateIslands());
  void started.then(replayEarlyPress, followEarlyLink);
  return started;
}

// Only what needs script is replayed: other links navigate and submit buttons post on their own.
// A control whose island is already live handles its own press.
function rememberEarlyPress(event: MouseEvent) {
  const target = (event.target as Element | null)?.closest?.('[data-island] button[type="button"], [data-island] a[data-replay-press]');
  if (!(target instanceof HTMLElement) || target.closest('[data-island]')?.hasAttribute('data-hydrated')) return;
  if (target instanceof HTMLAnchorElement) {
    // A new tab, a download: the browser's own business.
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    pressed = target;
    setTimeout(followEarlyLink, LINK_WAIT_MS);
    // The islands may already have failed to come (the first gesture started them).
    start().then(undefined, followEarlyLink);
    return;
  }
  pressed = target;
}

function replayEarlyPress() {
  document.removeEventListener('click', rememberEarlyPress, true);
  const target = pressed;
  pressed = null;
  // Every island is live once hydrateIslands has settled: the next frame is soon enough.
  if (target?.isConnected) requestAnimationFrame(() => target.click());
}

function followEarlyLink() {
  if (pressed instanceof HTMLAnchorElement) location.assign(pressed.href);
  pressed = null;
}

const whenIdle = (task: () => void) => () =>
  'requestIdleCallback' in window ? requestIdleCallback(task, { timeout: 2000 }) : setTimeout(task, 200);
const afterLoad = (task: () => void) => (document.readyState === 'complete' ? task() : addEventListener('load', task, { once: true }));

if (document.querySelector('[data-island]')) {
  for (const type of INTERACTIONS) document.addEventListener(type, start, { capture: true, passive: true });
  document.addEventListener('click', rememberEarlyPress, true);
  // Back to a list grown with « Voir plus »: its island restores the pages and the scroll at once.
  if ((history.state as { ffrList?: unknown } | null)?.ffrList) void start();
  else afterLoad(whenIdle(() => void start()));
}

// Where CSS cannot tell that a table scrolls (no scroll timelines: Firefox), a script says it (client/scroll-hints.ts).
if (document.querySelector('.article-table__hint') && !CSS.supports('animation-timeline', 'scroll()'))
  void import('./scroll-hints').then(
    ({ markScrollingTables }) => markScrollingTables(),
    () => undefined,
  );

// Next pages fetched ahead as their links come near the viewport (client/prefetch.ts).
afterLoad(
  whenIdle(
    () =>
      void import('./prefetch').then(
        ({ prefetchNearLinks }) => prefetchNearLinks(),
        () => undefined,
      ),
  ),
);

export {};
