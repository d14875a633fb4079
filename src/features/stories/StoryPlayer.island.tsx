import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

export type StorySlide = { image: string; text: string; href: string | null; external: boolean };
export type StoryPlayerProps = { title: string; slides: StorySlide[] };

/** How long a slide stays before the next one, when the reader lets the story play. */
const SLIDE_MS = 6000;

/**
 * The slides of a story. Without JavaScript they are a row the reader scrolls (CSS scroll snap);
 * live, the story plays: one slide after the other, progress bars, previous / next, a pause
 * button (WCAG 2.2.2), arrow keys. Reduced motion: the reader turns the slides by hand.
 */
export default function StoryPlayer({ title, slides }: StoryPlayerProps) {
  const track = useRef<HTMLOListElement>(null);
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [live, setLive] = useState(false);

  useEffect(() => {
    setLive(true);
    setPlaying(!matchMedia('(prefers-reduced-motion: reduce)').matches);
  }, []);

  const show = useCallback(
    (index: number) => {
      const list = track.current;
      const target = Math.max(0, Math.min(slides.length - 1, index));
      const slide = list?.children[target] as HTMLElement | undefined;
      if (list && slide) list.scrollTo({ left: slide.offsetLeft - list.offsetLeft, behavior: 'smooth' });
      setCurrent(target);
    },
    [slides.length],
  );

  // The slide in view is the current one, whoever scrolled (a swipe, a key, a button).
  useEffect(() => {
    const list = track.current;
    if (!list) return;
    const seen = new IntersectionObserver(
      (entries) => {
        for (const e of entries) if (e.isIntersecting) setCurrent([...list.children].indexOf(e.target));
      },
      { root: list, threshold: 0.6 },
    );
    for (const slide of list.children) seen.observe(slide);
    return () => seen.disconnect();
  }, []);

  useEffect(() => {
    if (!playing) return;
    if (current >= slides.length - 1) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => show(current + 1), SLIDE_MS);
    return () => clearTimeout(timer);
  }, [playing, current, slides.length, show]);

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') show(current + 1);
    else if (e.key === 'ArrowLeft') show(current - 1);
    else return;
    e.preventDefault();
    setPlaying(false);
  };

  return (
    <div className={live ? 'story-player is-live' : 'story-player'} style={{ ['--slide-ms' as string]: `${SLIDE_MS}ms` }}>
      <ol className="story-player__progress" aria-hidden="true">
        {slides.map((_, i) => (
          <li key={i} className={i < current ? 'is-done' : i === current ? (playing ? 'is-current is-playing' : 'is-current') : undefined} />
        ))}
      </ol>
      <ol ref={track} className="story-player__slides" tabIndex={0} aria-label={`${title} : diapositives`} onKeyDown={onKey}>
        {slides.map((slide, i) => (
          <li key={i} className="story-player__slide" aria-roledescription="diapositive" aria-label={`${i + 1} sur ${slides.length}`}>
            <img src={slide.image} alt="" width={720} height={1280} loading={i === 0 ? 'eager' : 'lazy'} decoding="async" />
            <div className="story-player__text">
              <p>{slide.text}</p>
              {slide.href ? (
                <a className="button" href={slide.href} {...(slide.external ? { target: '_blank', rel: 'noopener' } : {})}>
                  En savoir plus
                </a>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      <div className="story-player__controls">
        <button type="button" className="button button--ghost" onClick={() => (setPlaying(false), show(current - 1))} disabled={current === 0}>
          Précédente
        </button>
        <p className="story-player__count" aria-live="polite">{`${current + 1} / ${slides.length}`}</p>
        {live ? (
          <button type="button" className="button button--ghost" aria-pressed={!playing} onClick={() => setPlaying(!playing)} disabled={current >= slides.length - 1 && !playing}>
            {playing ? 'Pause' : 'Lecture'}
          </button>
        ) : null}
        <button type="button" className="button button--ghost" onClick={() => (setPlaying(false), show(current + 1))} disabled={current >= slides.length - 1}>
          Suivante
        </button>
      </div>
    </div>
  );
}
