import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

// WAI-ARIA APG « disclosure navigation menu »: each sub-menu belongs to a button (aria-expanded,
// aria-controls) and stays hidden — out of the Tab order — until that button opens it. One open
// at a time; Escape closes it and gives focus back to its button; focus or a click landing
// outside closes it. Arrows move among the links of the open one (optional in the pattern).
// A mouse pointer resting on an item opens it too, as the CSS hover did before.

const FOCUSABLE = 'a[href], button:not([disabled])';

export type Disclosures = {
  openId: string | null;
  close: () => void;
  /** The button's props: it toggles the panel whose id is `panelId`. */
  button: (panelId: string) => {
    'aria-expanded': boolean;
    'aria-controls': string;
    onClick: () => void;
  };
  /** The item's props (the element holding the button and its panel): hover opens for a mouse. */
  item: (panelId: string) => {
    onPointerEnter: (e: React.PointerEvent) => void;
    onPointerLeave: (e: React.PointerEvent) => void;
  };
};

export function useDisclosures(root: RefObject<HTMLElement | null>): Disclosures {
  const [openId, setOpenId] = useState<string | null>(null);
  // Opened by a hovering mouse: leaving closes it; a click on its button then keeps it open.
  const byHover = useRef(false);

  const close = useCallback(() => {
    byHover.current = false;
    setOpenId(null);
  }, []);

  // A layout effect: the keys and the focus are listened to from the moment the panel shows (Preact
  // runs plain effects after the next paint; a quick Tab went by unheard).
  useLayoutEffect(() => {
    if (openId === null) return;
    const panel = document.getElementById(openId);
    const button = root.current?.querySelector<HTMLElement>(`[aria-controls="${openId}"]`) ?? null;
    const owns = (node: EventTarget | null) => node instanceof Node && (!!panel?.contains(node) || !!button?.contains(node));

    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        const hadFocus = owns(document.activeElement) || document.activeElement === document.body;
        close();
        if (hadFocus) button?.focus();
        return;
      }
      if (!panel || !owns(document.activeElement)) return;
      const links = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (!links.length) return;
      const at = links.indexOf(document.activeElement as HTMLElement);
      let next = -1;
      if (e.key === 'ArrowDown') next = at < 0 ? 0 : Math.min(at + 1, links.length - 1);
      else if (e.key === 'ArrowUp') next = at <= 0 ? (at < 0 ? -1 : 0) : at - 1;
      else if (e.key === 'Home' && at >= 0) next = 0;
      else if (e.key === 'End' && at >= 0) next = links.length - 1;
      if (next < 0) {
        if (e.key === 'ArrowUp' && at === 0) {
          e.preventDefault();
          button?.focus();
        }
        return;
      }
      e.preventDefault();
      links[next]!.focus();
    };
    const onFocusIn = (e: FocusEvent) => {
      if (!owns(e.target)) close();
    };
    const onPointerDown = (e: PointerEvent) => {
      if (!owns(e.target)) close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [openId, root, close]);

  return {
    openId,
    close,
    button: (panelId) => ({
      'aria-expanded': openId === panelId,
      'aria-controls': panelId,
      onClick: () => {
        if (openId === panelId && byHover.current) {
          byHover.current = false; // the click confirms what the hover showed
          return;
        }
        byHover.current = false;
        setOpenId((current) => (current === panelId ? null : panelId));
      },
    }),
    item: (panelId) => ({
      onPointerEnter: (e) => {
        if (e.pointerType !== 'mouse' || (openId !== null && !byHover.current)) return;
        byHover.current = true;
        setOpenId(panelId);
      },
      onPointerLeave: (e) => {
        if (e.pointerType !== 'mouse' || !byHover.current || openId !== panelId) return;
        close();
      },
    }),
  };
}
