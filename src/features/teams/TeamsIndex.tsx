import { responsiveImage } from '../../lib/images';
import { useRenderFacts } from '../../ui/render-context';
import type { Page } from '../../schemas/page';
import { RichText } from '../../ui/RichText';
import { pageHref } from './links';
import { Breadcrumb, type Crumb } from '../../ui/Breadcrumb';
import { PageLinks, Sidebar, TeamNews } from './parts';
import { countLabel } from './squad';
import { TeamHero } from './TeamView';
import { TeamMatches } from './TeamMatches';

export type TeamsIndexProps = {
  page: Page;
  /** The children that are team pages, in the order of liste_enfants. */
  teams: Page[];
  trail: Crumb[];
  now: Date;
};

function TeamCard({ team }: { team: Page }) {
  const { imageMode, placeholder } = useRenderFacts();
  const image = responsiveImage(team.featured_media?.src || placeholder, imageMode, 400);
  const total = team.compte_joueurs.find((c) => c.cle === 'total')?.nombre ?? team.effectif.length;
  const players = team.genre === 'feminin' ? (['joueuse', 'joueuses'] as const) : (['joueur', 'joueurs'] as const);
  return (
    <li className="team-card">
      {image.src ? (
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes={image.srcSet ? '(min-width: 1000px) 25vw, 100vw' : undefined}
          alt=""
          loading="lazy"
          decoding="async"
          width={640}
          height={360}
        />
      ) : null}
      <div className="team-card__body">
        <h3 className="team-card__title">
          <a href={pageHref(team)}>{team.title}</a>
        </h3>
        {team.description ? <p>{team.description}</p> : null}
        {total > 0 ? <p className="team-card__count">{countLabel(total, players)}</p> : null}
      </div>
    </li>
  );
}

/** The national teams' parent page: its children as team cards, then the teams' next matches and news. */
export function TeamsIndex({ page, teams, trail, now }: TeamsIndexProps) {
  const others = page.liste_enfants.filter((child) => !teams.some((t) => t.slug === child.slug));
  return (
    <article className="container team team--index">
      <Breadcrumb trail={trail} current={page.title} />
      <TeamHero page={page} />
      <div className="team__grid">
        <div className="team__main">
          {page.content ? <RichText className="page__body prose" html={page.content} /> : null}
          <section className="team-section" aria-labelledby="les-equipes">
            <h2 className="section-title" id="les-equipes">
              Les équipes
            </h2>
            <ul className="team-cards">
              {teams.map((team) => (
                <TeamCard key={team.slug} team={team} />
              ))}
            </ul>
          </section>
          <TeamMatches events={page.future_events} now={now} background={page.rencontre_background} title="Prochaines rencontres" />
          <TeamNews posts={page.news} />
        </div>
        <aside className="team__aside" aria-label={`${page.title}\u00a0: informations`}>
          <Sidebar html={page.sidebar_content} />
          <PageLinks pages={others} label={`Dans la rubrique ${page.title}`} />
          <PageLinks pages={page.liste_freres} label="Voir aussi" />
        </aside>
      </div>
    </article>
  );
}
