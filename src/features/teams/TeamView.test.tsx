import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RenderContext } from '../../ui/render-context';
import { PageSchema } from '../../schemas/page';
import { readFilters } from './albums';
import { teamTemplate } from './templates';
import { TeamView } from './TeamView';

const now = new Date('2026-11-24T10:00:00Z');
const player = (slug: string, fields: Record<string, unknown> = {}) => ({
  id: slug.length,
  slug,
  prenom: slug,
  nom: 'Test',
  poste: 'centre',
  poste_libelle: 'Centre',
  poste_ordre: 9,
  ligne: 'arrieres',
  club: 'Stade Toulousain',
  selections: 3,
  photo: '',
  capitaine: false,
  ...fields,
});

function render(fields: Record<string, unknown>) {
  const page = PageSchema.parse({
    id: 215,
    title: 'XV de France',
    slug: 'xv-de-france-equipe',
    link: '/equipes-de-france/xv-de-france-equipe',
    template: 'equipe',
    niveau: 2,
    ...fields,
  });
  const template = teamTemplate(page)!;
  return renderToStaticMarkup(
    <RenderContext.Provider value={{ imageMode: 'plain', placeholder: '/images/placeholder-ffr.svg' }}>
      <TeamView
        page={page}
        template={template}
        path={page.link}
        trail={[{ name: 'Accueil', href: '/' }]}
        now={now}
        filters={readFilters(page.albums_filtres, () => undefined)}
      />
    </RenderContext.Provider>,
  );
}

describe('a team page', () => {
  it('shows a portrait with its alt text, or the site’s placeholder without one, and marks the captain', () => {
    const html = render({
      effectif: [player('avec-photo', { photo: 'https://www.ffr.fr/p.jpg', capitaine: true }), player('sans-photo', { selections: 1 })],
    });
    expect(html).toContain('<img class="player__photo" src="https://www.ffr.fr/p.jpg" alt="Portrait de avec-photo Test"');
    expect(html).toContain('<img class="player__photo player__photo--placeholder" src="/images/placeholder-ffr.svg" alt=""');
    expect(html.match(/player__captain/g)).toHaveLength(1);
    expect(html).toContain('1\u00a0sélection<');
  });

  it('sanitises the sidebar and refuses a background that is not an image address', () => {
    const html = render({
      sidebar_content:
        '<h3>Contact presse</h3><p><a href="javascript:alert(1)">piège</a> <a href="mailto:presse@ffr.fr">presse@ffr.fr</a></p><script>alert(1)</script>',
      rencontre_background: 'javascript:alert(1)',
      future_events: [
        {
          id: 1,
          slug: 'france-ecosse',
          title: 'France – Écosse',
          startDate: '2027-02-14T21:10:00',
          accreditation: { kind: 'rencontres-internationales', deadline: '2027-02-09T21:10:00+01:00' },
        },
      ],
    });
    expect(html).toContain('<h3>Contact presse</h3>');
    expect(html).toContain('href="mailto:presse@ffr.fr"');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<script');
    expect(html).toContain('class="team-matches"');
    expect(html).toContain('href="/accreditations?evenement=france-ecosse"');
  });

  it('leaves out the sections it has nothing for, past events included', () => {
    const html = render({ future_events: [{ id: 1, slug: 'passe', title: 'Passé', startDate: '2026-11-01T21:00:00' }] });
    for (const id of ['groupe', 'staff', 'calendrier', 'actualites', 'albums']) expect(html).not.toContain(`id="${id}"`);
    expect(html).not.toContain('Sur cette page');
  });
});
