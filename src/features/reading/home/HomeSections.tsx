import type { HomeSection } from '../../../schemas/home';
import { EventItem } from '../../events/EventItem';
import { PostCard } from '../../../ui/PostCard';

export function HomeSections({ sections }: { sections: HomeSection[] }) {
  return (
    <>
      {sections.map((section, i) => {
        if (section.type === 'a_la_une') {
          const [first, ...rest] = section.posts;
          return (
            <section key={i} className="home-section home-section--une" aria-labelledby={`section-${i}`}>
              <h2 id={`section-${i}`} className="section-title">
                {section.title}
              </h2>
              <div className="une-grid">
                {first ? <PostCard post={first} big /> : null}
                <div className="card-list">
                  {rest.map((post) => (
                    <PostCard key={post.id} post={post} />
                  ))}
                </div>
              </div>
            </section>
          );
        }
        if (section.type === 'categorie') {
          return (
            <section key={i} className="home-section" aria-labelledby={`section-${i}`}>
              <div className="section-head">
                <h2 id={`section-${i}`} className="section-title">
                  {section.title || section.category.name}
                </h2>
                <a className="section-more" href={`/categories/${section.category.slug}`}>
                  Tout voir <span className="visually-hidden">: {section.category.name}</span>
                </a>
              </div>
              <div className="card-grid">
                {section.posts.map((post) => (
                  <PostCard key={post.id} post={post} />
                ))}
              </div>
            </section>
          );
        }
        return (
          <section key={i} className="home-section" aria-labelledby={`section-${i}`}>
            <div className="section-head">
              <h2 id={`section-${i}`} className="section-title">
                {section.title}
              </h2>
              <a className="section-more" href="/evenements">
                Tous les événements
              </a>
            </div>
            <div className="event-list">
              {section.events.map((event) => (
                <EventItem key={event.id} event={event} />
              ))}
            </div>
          </section>
        );
      })}
    </>
  );
}
