// Titles as WordPress's get_the_title() hands them to a REST answer: editors type straight
// apostrophes and ampersands, and wptexturize (wp-includes/formatting.php) turns them into the
// character references &#8217; and &#038;. The seeded titles are written with ’ and &, so the
// emulator encodes those two back, which is what a client of the federation's API receives.

export function getTheTitle(title: string): string {
  return title.replaceAll('&', '&#038;').replaceAll('’', '&#8217;');
}
