import { useEffect, useState } from 'react';
import { PARTNER_ROTATION_MS, partnerWindow, visibleCount } from './partners-window';

export type PartnersCarouselProps = {
  partners: Array<{ title: string; src: string; alt: string; link: string; target: '_blank' | '_self' }>;
};

function Logo({ p }: { p: PartnersCarouselProps['partners'][number] }) {
  const img = p.src ? (
    <img src={p.src} alt={p.alt || p.title} loading="lazy" height={56} width={140} />
  ) : (
    <span className="partners__name">{p.title}</span>
  );
  return p.link ? (
    <a href={p.link} target={p.target} rel={p.target === '_blank' ? 'noopener' : undefined} title={p.title}>
      {img}
    </a>
  ) : (
    img
  );
}

/**
 * Partner logos. Server HTML lists them all (readable without JavaScript); once hydrated, a window
 * of 8 (3 up to 750 px) advances every 3500 ms and wraps, paused on hover and focus, and still
 * under prefers-reduced-motion.
 */
export default function PartnersCarousel({ partners }: PartnersCarouselProps) {
  const [start, setStart] = useState(0);
  const [size, setSize] = useState<number | null>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const media = window.matchMedia('(prefers-reduced-motion: reduce)');
    const resize = () => setSize(visibleCount(window.innerWidth));
    resize();
    window.addEventListener('resize', resize);
    if (media.matches) setPaused(true);
    return () => window.removeEventListener('resize', resize);
  }, []);

  useEffect(() => {
    if (paused || size === null || partners.length <= size) return;
    const timer = setInterval(() => setStart((s) => (s + 1) % partners.length), PARTNER_ROTATION_MS);
    return () => clearInterval(timer);
  }, [paused, size, partners.length]);

  const shown = size === null ? partners.map((_, i) => i) : partnerWindow(partners.length, start, size);
  return (
    <ul
      className={size === null ? 'partners__list' : 'partners__list is-rotating'}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => !window.matchMedia('(prefers-reduced-motion: reduce)').matches && setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      aria-live="off"
      data-start={start}
    >
      {shown.map((i) => (
        <li key={`${i}-${partners[i]!.title}`}>
          <Logo p={partners[i]!} />
        </li>
      ))}
    </ul>
  );
}
