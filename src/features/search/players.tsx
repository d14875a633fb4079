import { responsiveImage, type ImageMode } from '../../lib/images';
import { toSitePath } from '../../lib/links';

// What the live panel and the /recherche page share about a player hit (client-safe: no zod).

/** How many players a query shows: a handful above the articles, never a list of its own. */
export const PLAYERS_IN_PANEL = 4;
export const PLAYERS_ON_PAGE = 6;

/**
 * Where a player hit leads, read from the hit itself: its own address (the team page at the
 * player's card, `#joueur-{slug}`), or the team page when the record has none. Site paths only.
 * A WordPress permalink's trailing slash is dropped before the anchor, as the team pages' own links
 * do (features/teams/links.ts), so that no redirect stands between the reader and the card.
 */
export function playerHref(hit: { url_relative: string; equipe_url: string }): string | null {
  for (const raw of [hit.url_relative, hit.equipe_url]) {
    if (!raw.trim()) continue;
    const path = toSitePath(raw);
    if (path === '/' || !path.startsWith('/')) continue;
    return path.replace(/^([^?#]*[^/?#])\/+(?=[?#]|$)/, '$1');
  }
  return null;
}

/** « Demi de mêlée · XV de France »: what is known of the player's place, in one line. */
export const playerRole = (position: string, team: string) => [position.trim(), team.trim()].filter(Boolean).join(' · ');

/**
 * The portrait, or a silhouette when the record has none. Decorative (alt=""): the player's name is
 * the link's text right beside it.
 */
export function PlayerPhoto({
  src,
  mode,
  width,
  height,
  className,
}: {
  src: string;
  mode: ImageMode;
  width: number;
  height: number;
  className: string;
}) {
  const photo = responsiveImage(src, mode, width);
  if (photo.src) {
    return (
      <img
        className={className}
        src={photo.src}
        srcSet={photo.srcSet}
        sizes={photo.srcSet ? `${width}px` : undefined}
        alt=""
        width={width}
        height={height}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span className={`${className} ${className}--placeholder`} aria-hidden="true">
      <svg viewBox="0 0 40 50" width="60%" height="60%" focusable="false">
        <circle cx="20" cy="16" r="9" fill="currentColor" />
        <path d="M4 48c0-10 7-17 16-17s16 7 16 17z" fill="currentColor" />
      </svg>
    </span>
  );
}
