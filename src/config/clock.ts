// The site's calendar: what « now » is for what a reader sees (the news sitemap's 48 hours, upcoming
// and past events, accreditation deadlines, « N nouveaux articles », the footer's year). It follows
// the real time, unless SITE_NOW pins it (tests, beside the local upstream's pinned clock).
// Signatures, tokens, cache ages and rate limits keep the real clock: other parties check those
// against theirs (docs/decisions/014-calendar-clock.md).

export type Clock = { now(): Date };

const realTime: Clock = { now: () => new Date() };

export function clockOf(config: { SITE_NOW?: string | undefined }): Clock {
  if (config.SITE_NOW === undefined) return realTime;
  const at = Date.parse(config.SITE_NOW);
  return { now: () => new Date(at) };
}
