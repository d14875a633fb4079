import { responsiveImage } from '../../lib/images';
import { toSitePath } from '../../lib/links';
import { useRenderFacts } from '../../ui/render-context';
import type { Page } from '../../schemas/page';
import { RichText } from '../../ui/RichText';
import type { ActiveFilters } from './albums';
import { Breadcrumb, type Crumb } from '../../ui/Breadcrumb';
import { PageLinks, Sidebar, TeamNews } from './parts';
import { PlayerCard } from './PlayerCard';
import { fullName, groupSquad } from './squad';
import { TeamAlbums } from './TeamAlbums';
import { TeamMatches, upcoming } from './TeamMatches';
import type { TeamTemplate } from './templates';
import { displayText } from '../../lib/format/typography';

export type TeamViewProps = {
  page: Page;
  template: TeamTemplate;
  /** The page's address (its link), which the album filters link back to. */
  path: string;
  trail: Crumb[];
  now: Date;
  filters: { offered: Page['albums_filtres']; active: ActiveFilters };
};

export function TeamHero({ page }: { page: Page }) {
  const { imageMode } = useRenderFacts();
  const media = page.featured_media ? responsiveImage(page.featured_media.src, imageMode, 1280) : { src: '' };
  const lead = page.excerpt || page.description;
  return (
    <header className="team-hero">
      <div className="team-hero__text">
        <h1>{page.title}</h1>
        {lead ? <p className="page__lead">{displayText(lead)}</p> : null}
      </div>
      {media.src ? (
        <figure className="team-hero__media">
          <img
            src={media.src}
            srcSet={media.srcSet}
            sizes={media.srcSet ? '(min-width: 1000px) 60vw, 100vw' : undefined}
            alt=""
            width={1280}
            height={720}
            fetchPriority="high"
          />
          {page.featured_media?.legend ? <figcaption>{page.featured_media.legend}</figcaption> : null}
        </figure>
      ) : null}
    </header>
  );
}

/** A team page (templates equipe and equipe-7): squad, staff, next matches, news, competitions, albums. */
export function TeamView({ page, template, path, trail, now, filters }: TeamViewProps) {
  const groups = groupSquad(page.effectif, template.groupBy);
  const hasAlbums = page.albums_saisons.some((s) => s.albums.length > 0);
  const sections = [
    groups.length > 0 && { id: 'groupe', label: 'Le groupe' },
    page.staff.length > 0 && { id: 'staff', label: 'Le staff' },
    upcoming(page.future_events, now).length > 0 && { id: 'calendrier', label: 'Calendrier' },
    page.news.length > 0 && { id: 'actualites', label: 'Actualités' },
    hasAlbums && { id: 'albums', label: 'Albums photo' },
  ].filter((s): s is { id: string; label: string } => Boolean(s));
  return (
    <article className="container team">
      <Breadcrumb trail={trail} current={page.title} />
      <TeamHero page={page} />
      <PageLinks pages={page.liste_freres} label="Les autres équipes" current={page.slug} />
      {sections.length > 1 ? (
        <nav className="team-toc" aria-label="Sur cette page">
          <ul>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="team__grid">
        <div className="team__main">
          {page.content ? <RichText className="page__body prose" html={page.content} /> : null}
          {groups.length > 0 ? (
            <section className="team-section" aria-labelledby="equipe-groupe" id="groupe">
              <h2 className="section-title" id="equipe-groupe">
                Le groupe
              </h2>
              {page.compte_joueurs.length > 0 ? (
                <dl className="team-counts">
                  {page.compte_joueurs.map((count) => (
                    <div key={count.cle || count.libelle}>
                      <dt>{count.libelle}</dt>
                      <dd>{new Intl.NumberFormat('fr-FR').format(count.nombre)}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {groups.map((group) => (
                <section key={group.key} className="squad-group" aria-labelledby={`poste-${group.key}`}>
                  <h3 id={`poste-${group.key}`}>
                    {group.label} <span className="squad-group__count">({group.players.length})</span>
                  </h3>
                  <ul className="player-grid">
                    {group.players.map((player) => (
                      <PlayerCard key={player.slug} player={player} caps={template.caps} showPosition={template.groupBy !== 'poste'} />
                    ))}
                  </ul>
                </section>
              ))}
            </section>
          ) : null}
          {page.staff.length > 0 ? (
            <section className="team-section" aria-labelledby="equipe-staff" id="staff">
              <h2 className="section-title" id="equipe-staff">
                Le staff
              </h2>
              <ul className="staff-list">
                {page.staff.map((member, i) => (
                  <li key={member.slug || i}>
                    <span className="staff-list__name">{fullName(member)}</span>
                    {member.role ? <span className="staff-list__role">{member.role}</span> : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <TeamMatches events={page.future_events} now={now} background={page.rencontre_background} />
          <TeamNews posts={page.news} />
          <TeamAlbums page={page} path={path} filters={filters} />
        </div>
        <aside className="team__aside" aria-label={`${page.title}\u00a0: informations`}>
          {page.competitions.length > 0 ? (
            <section className="team-competitions" aria-labelledby="equipe-competitions">
              <h2 id="equipe-competitions">Compétitions</h2>
              <ul>
                {page.competitions.map((comp) => (
                  <li key={comp.nom}>
                    {comp.lien ? <a href={toSitePath(comp.lien)}>{comp.nom}</a> : comp.nom}
                    {comp.saison ? <span className="team-competitions__season">Saison {comp.saison}</span> : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <Sidebar html={page.sidebar_content} />
          <PageLinks pages={page.liste_enfants} label={`Dans la rubrique ${page.title}`} />
        </aside>
      </div>
    </article>
  );
}
