import { useEffect } from 'react';

export const DESKTOP_MIN_WIDTH = 1000;
export const STICKY_AFTER_PX = 64;
export const PIN_ON_SCROLL_UP_AFTER_PX = 250;

/**
 * The header's scroll rule (docs/shell.md, "Header on scroll"), applied as classes on `.header`:
 * from 1000 px it stays on top and turns compact after 64 px; under 1000 px it scrolls away going
 * down and comes back, pinned, when the reader scrolls up beyond 250 px (unpinned above 64 px).
 */
export default function HeaderScroll() {
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('.header');
    if (!header) return;
    let last = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      const desktop = window.innerWidth >= DESKTOP_MIN_WIDTH;
      header.classList.toggle('is-compact', desktop && y > STICKY_AFTER_PX);
      if (desktop || y <= STICKY_AFTER_PX) header.classList.remove('is-pinned');
      else if (y < last && y > PIN_ON_SCROLL_UP_AFTER_PX) header.classList.add('is-pinned');
      else if (y > last) header.classList.remove('is-pinned');
      last = y;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    update();
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);
  return null;
}
