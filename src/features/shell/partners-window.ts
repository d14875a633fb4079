// SPEC §4/§9: the partners strip shows 8 logos (3 up to 750 px wide), advances one every 3500 ms
// and wraps to the start.

export const PARTNER_ROTATION_MS = 3500;
export const PARTNERS_VISIBLE = 8;
export const PARTNERS_VISIBLE_MOBILE = 3;
export const PARTNERS_MOBILE_MAX_WIDTH = 750;

export function visibleCount(viewportWidth: number): number {
  return viewportWidth <= PARTNERS_MOBILE_MAX_WIDTH ? PARTNERS_VISIBLE_MOBILE : PARTNERS_VISIBLE;
}

/** Indexes of the partners shown from `start`, wrapping; never more than there are partners. */
export function partnerWindow(total: number, start: number, size: number): number[] {
  if (total <= 0) return [];
  const n = Math.min(size, total);
  const first = ((start % total) + total) % total;
  return Array.from({ length: n }, (_, i) => (first + i) % total);
}
