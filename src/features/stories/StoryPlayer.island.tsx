import { useCallback, useEffect, useRef, useState, type FocusEvent, type PointerEvent } from 'react';

export type StorySlide = { image: string; text: string; href: string | null; external: boolean };
export type StoryPlayerProps = { title: string; date: { iso: string; text: string } | null; slides: StorySlide[] };

/** How long a slide stays before the next one, when the reader lets the story play. */
const SLIDE_MS = 6000;

/**
 * A story as readers know it from their phones: one portrait frame, one slide at a time, progress
 * bars and the title over its top, the slide's text over its bottom. It plays (a slide every 6 s)
 * until the reader pauses it, points at it or moves the keyboard focus into it (WCAG 2.2.2);
 * previous / next (tap zones on a phone, arrows beside the frame on a wide screen, ← and →).
 * Under `prefers-reduced-motion` it waits for the reader. Without JavaScript the CSS stacks
 * every slide, each with its text (`@media (scripting: none)` in stories.css).
 */
export default function StoryPlayer({ title, date, slides }: StoryPlayerProps) {
  const root = useRef<HTMLDivElement>(null);
  const last = slides.length - 1;
  const [current, setCurrent] = useState(0);
  const [live, setLive] = useState(false);
  const [paused, setPaused] = useState(false);
  const [pointed, setPointed] = useState(false);
  const [focused, setFocused] = useState(false);
  // How much of a slide's time has run, kept across pauses so that it resumes where it stopped.
  const spent = useRef({ slide: 0, ms: 0 });

  useEffect(() => {
    setLive(true);
    setPaused(matchMedia('(prefers-reduced-motion: reduce)').matches);
  }, []);

  const within = useCallback((index: number) => Math.max(0, Math.min(last, index)), [last]);
  const show = useCallback((index: number) => setCurrent(within(index)), [within]);
  const running = live && !paused && !pointed && !focused;

  useEffect(() => {
    if (!running) return;
    const ran = spent.current.slide === current ? spent.current.ms : 0;
    const start = Date.now();
    const timer = setTimeout(() => (current < last ? show(current + 1) : setPaused(true)), SLIDE_MS - ran);
    return () => {
      clearTimeout(timer);
      spent.current = { slide: current, ms: ran + Date.now() - start };
    };
  }, [running, current, last, show]);

  // ← and → anywhere on the page, unless the focus is in something else that reads them (a field,
  // the search box); Alt+← stays the browser's « back ».
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
      if (!step || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (e.target !== document.body && !root.current?.contains(e.target as Node)) return;
      e.preventDefault();
      setCurrent((i) => within(i + step));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [within]);

  const toggle = () => {
    // Played to its end, the story starts again.
    if (paused && current === last && spent.current.slide === last && spent.current.ms >= SLIDE_MS) show(0);
    setPaused(!paused);
  };
  // Only a mouse holds the story (a finger's pointer « enters » at each tap), and only a focus the
  // reader sees (a keyboard's, not the one a click leaves on a button).
  const onPointer = (e: PointerEvent) => e.pointerType === 'mouse' && setPointed(e.type === 'pointerenter');
  const onFocus = (e: FocusEvent) => setFocused((e.target as Element).matches(':focus-visible'));
  const onBlur = (e: FocusEvent) => !root.current?.contains(e.relatedTarget as Node | null) && setFocused(false);

  return (
    <div
      ref={root}
      className={running ? 'story-player is-running' : 'story-player'}
      style={{ ['--slide-ms' as string]: `${SLIDE_MS}ms` }}
      onPointerEnter={onPointer}
      onPointerLeave={onPointer}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className="story-player__top">
        <ol className="story-player__progress" aria-hidden="true">
          {slides.map((_, i) => (
            <li key={i} className={i < current ? 'is-done' : i === current ? 'is-current' : undefined} />
          ))}
        </ol>
        <header className="story-player__head">
          <h1>{title}</h1>
          {date ? (
            <p className="story-player__date">
              <time dateTime={date.iso}>{date.text}</time>
            </p>
          ) : null}
        </header>
        <button type="button" className="story-player__pause" onClick={toggle}>
          <PlayIcon playing={!paused} />
          <span className="visually-hidden">{paused ? 'Reprendre' : 'Mettre en pause'}</span>
        </button>
      </div>
      <div className="story-player__slides">
        {slides.map((slide, i) => (
          <div
            key={i}
            className={i === current ? 'story-player__slide is-current' : 'story-player__slide'}
            role="group"
            aria-roledescription="diapositive"
            aria-label={`${i + 1} sur ${slides.length}`}
          >
            <img src={slide.image} alt="" width={720} height={1280} loading={i < 2 ? 'eager' : 'lazy'} decoding="async" />
            <div className="story-player__text">
              <p>{slide.text}</p>
              {slide.href ? (
                <a className="button" href={slide.href} {...(slide.external ? { target: '_blank', rel: 'noopener' } : {})}>
                  En savoir plus
                </a>
              ) : null}
            </div>
          </div>
        ))}
      </div>
      {/* aria-disabled, not disabled, at either end: the button keeps the focus (a disabled one would
          drop it, and the hold with it). */}
      <button
        type="button"
        className="story-player__step story-player__step--prev"
        onClick={() => show(current - 1)}
        aria-disabled={current === 0}
      >
        <Chevron />
        <span className="visually-hidden">Diapositive précédente</span>
      </button>
      <button
        type="button"
        className="story-player__step story-player__step--next"
        onClick={() => show(current + 1)}
        aria-disabled={current === last}
      >
        <Chevron />
        <span className="visually-hidden">Diapositive suivante</span>
      </button>
      {/* Announced when the reader turns a slide, not every 6 s while it plays (WAI-ARIA APG carousel). */}
      <p className="visually-hidden story-player__status" aria-live={running ? 'off' : 'polite'}>
        {`Diapositive ${current + 1} sur ${slides.length}`}
      </p>
    </div>
  );
}

const Chevron = () => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

const PlayIcon = ({ playing }: { playing: boolean }) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d={playing ? 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z' : 'M8 5l11 7-11 7z'} fill="currentColor" />
  </svg>
);
