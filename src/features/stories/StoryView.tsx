import { formatDate, isoInstant } from '../../lib/format/date';
import { safeHref, safeSrc, isExternal } from '../../lib/html/urls';
import { Island } from '../../ui/Island';
import type { Story } from '../../schemas/story';
import { Breadcrumb } from '../../ui/Breadcrumb';

/** Above every story, in the page and in its JSON-LD. */
export const STORY_TRAIL = [
  { name: 'Accueil', href: '/' },
  { name: 'Recherches du moment', href: '/recherche' },
];
import type { StorySlide } from './StoryPlayer.island';

/** The slides the player may show: safe image and link addresses only. */
export function playableSlides(story: Story): StorySlide[] {
  return story.slides.flatMap((slide) => {
    const image = safeSrc(slide.image);
    if (!image) return [];
    const href = slide.lien ? safeHref(slide.lien) : null;
    return [{ image, text: slide.texte, href, external: href !== null && isExternal(href) }];
  });
}

/**
 * A story of « Recherches du moment », on its own page: the player (which carries the title over
 * its frame), then where to read more.
 */
export function StoryView({ story }: { story: Story }) {
  const slides = playableSlides(story);
  const more = story.lien ? safeHref(story.lien) : null;
  const day = formatDate(story.date);
  const date = day ? { iso: isoInstant(story.date), text: day } : null;
  return (
    <article className="container story">
      <Breadcrumb trail={STORY_TRAIL} current={story.titre} />
      {slides.length > 0 ? (
        <Island name="StoryPlayer" props={{ title: story.titre, date, slides }} />
      ) : (
        <header className="story__head">
          <h1>{story.titre}</h1>
          <p>Cette story ne contient aucune diapositive pour le moment.</p>
        </header>
      )}
      {more ? (
        <p className="story__more">
          <a href={more} {...(isExternal(more) ? { rel: 'noopener' } : {})}>
            Voir cette story sur le site de la Fédération
          </a>
        </p>
      ) : null}
    </article>
  );
}
