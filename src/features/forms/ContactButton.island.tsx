import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { mobileMenuAtom, openModalAtom } from '../../state/ui';

export type ContactButtonProps = { variant: 'floating' | 'link' };

/**
 * The end of every page: the accreditation banner, the partners and the footer. Each has links of
 * its own where the floating button sits, and the footer has « Contactez-nous » itself.
 */
const PAGE_END = '.accreditation-banner, .partners, .footer';

/** True while any part of the page's end is on screen. */
function usePageEndInView(enabled: boolean): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    if (!enabled || typeof IntersectionObserver === 'undefined') return;
    const parts = document.querySelectorAll(PAGE_END);
    if (parts.length === 0) return;
    const shown = new Set<Element>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) shown.add(entry.target);
        else shown.delete(entry.target);
      }
      setInView(shown.size > 0);
    });
    for (const part of parts) observer.observe(part);
    return () => observer.disconnect();
  }, [enabled]);
  return inView;
}

/**
 * True while the reader scrolls down past the first screen's top (reading), false again as soon as
 * they scroll up (looking for something): Material's « hide on scroll » for a floating button.
 */
function useReadingDown(enabled: boolean): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const y = window.scrollY;
        if (Math.abs(y - last) < 8) return;
        setDown(y > last && y > 160);
        last = y;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [enabled]);
  return down;
}

/**
 * 'Contactez-nous': the chat-style floating button and the footer link open the same modal. A
 * press before the island is live waits for it (client/main.tsx, `data-replay-press`): the reader
 * who clicks in the first second gets the window too, not another page.
 * The floating button steps aside wherever it would sit on something to read or click: while the
 * reader scrolls down through the page (a date at the end of a line, a table's last cell), while
 * the mobile menu is open, and once the page's end comes into view (the footer's own link takes
 * over). Without JavaScript it is no floating button but a link after the footer (CSS).
 */
export default function ContactButton({ variant }: ContactButtonProps) {
  const open = useSetAtom(openModalAtom);
  const menu = useAtomValue(mobileMenuAtom);
  const endInView = usePageEndInView(variant === 'floating');
  const readingDown = useReadingDown(variant === 'floating');
  const onClick = (e: React.MouseEvent) => {
    e.preventDefault();
    open({ kind: 'CONTACT' });
  };
  if (variant === 'link') {
    return (
      <a href="/contact#contactez-nous" onClick={onClick} data-replay-press="" data-track="action" data-track-category="footer">
        Contactez-nous
      </a>
    );
  }
  const away = menu.open || endInView || readingDown;
  // Its own landmark: the floating button sits after the footer, outside every other one. Away,
  // the whole landmark is hidden (CSS visibility), so no empty one is left for screen readers.
  return (
    <aside aria-label="Contact presse" className={away ? 'contact-fab-zone is-away' : 'contact-fab-zone'}>
      <a
        className="contact-fab"
        href="/contact#contactez-nous"
        onClick={onClick}
        data-replay-press=""
        data-track="action"
        data-track-category="contact"
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M4 4h16v11H8l-4 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
        <span>Contactez-nous</span>
      </a>
    </aside>
  );
}
