import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StorySchema } from '../../schemas/story';
import { StoryView } from './StoryView';

const render = (slides: Array<{ image: string; texte: string; lien?: string }>) =>
  renderToStaticMarkup(
    <StoryView
      story={StorySchema.parse({
        id: 'st7a3f',
        titre: 'Les coulisses du XV de France',
        date: '2026-11-20T09:00:00',
        lien: 'https://www.ffr.fr/stories/coulisses',
        slides,
      })}
    />,
  );

describe('a story’s page as the server sends it (what a reader without JavaScript gets)', () => {
  it('has every safe slide with its text, the first one current, and the player’s French labels', () => {
    const html = render([
      { image: '/wp-content/uploads/1.jpg', texte: 'Lundi, 9h00\u202f: les Bleus retrouvent Marcoussis.' },
      { image: 'javascript:alert(1)', texte: 'Jamais montrée.' },
      { image: '/wp-content/uploads/2.jpg', texte: 'Séance de touche.', lien: 'javascript:alert(1)' },
      { image: '/wp-content/uploads/3.jpg', texte: 'Toute l’actualité.', lien: '/actualites/xv' },
    ]);
    expect(html).toContain('<h1>Les coulisses du XV de France</h1>');
    expect(html).toContain('<time dateTime="2026-11-20T08:00:00.000Z">20 novembre 2026</time>');
    expect(html).not.toContain('Jamais montrée');
    expect(html.match(/class="story-player__slide( is-current)?"/g)).toEqual([
      'class="story-player__slide is-current"',
      'class="story-player__slide"',
      'class="story-player__slide"',
    ]);
    for (const n of [1, 2, 3]) expect(html).toContain(`aria-roledescription="diapositive" aria-label="${n} sur 3"`);
    expect(html).toContain('Lundi, 9h00\u202f: les Bleus');
    // Only the safe link is kept.
    expect(html.match(/En savoir plus/g)).toHaveLength(1);
    expect(html).toContain('href="/actualites/xv">En savoir plus</a>');
    for (const label of [
      'Mettre en pause',
      'Diapositive précédente',
      'Diapositive suivante',
      'Diapositive 1 sur 3',
      'Voir cette story sur le site de la Fédération',
    ]) {
      expect(html).toContain(label);
    }
  });

  it('says so when no slide can be shown', () => {
    const html = render([{ image: 'data:image/png;base64,AAAA', texte: 'Non.' }]);
    expect(html).not.toContain('data-island');
    expect(html).toContain('<h1>Les coulisses du XV de France</h1>');
    expect(html).toContain('Cette story ne contient aucune diapositive pour le moment.');
  });
});
