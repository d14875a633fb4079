import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlayerPhoto, playerHref, playerRole } from './players';

describe('playerHref', () => {
  const team = '/equipes-de-france/xv-de-france-equipe';

  it('leads to the team page the hit names, at the player’s card', () => {
    expect(playerHref({ url_relative: `${team}#joueur-thomas-ramos`, equipe_url: team })).toBe(`${team}#joueur-thomas-ramos`);
    expect(
      playerHref({ url_relative: '/equipes-de-france/france-7-equipe#joueur-x', equipe_url: '/equipes-de-france/france-7-equipe' }),
    ).toBe('/equipes-de-france/france-7-equipe#joueur-x');
  });

  it('keeps absolute WordPress addresses on the site, without the permalink’s trailing slash', () => {
    expect(playerHref({ url_relative: `https://www.ffr.fr${team}/#joueur-thomas-ramos`, equipe_url: '' })).toBe(
      `${team}#joueur-thomas-ramos`,
    );
    expect(playerHref({ url_relative: '', equipe_url: `https://www.ffr.fr${team}/` })).toBe(team);
  });

  it('falls back to the team page, and to nothing when neither address is a page of the site', () => {
    expect(playerHref({ url_relative: '', equipe_url: team })).toBe(team);
    expect(playerHref({ url_relative: 'javascript:alert(1)', equipe_url: team })).toBe(team);
    expect(playerHref({ url_relative: 'javascript:alert(1)', equipe_url: '  ' })).toBeNull();
    expect(playerHref({ url_relative: '//evil.example/x', equipe_url: '' })).toBe('/evil.example/x');
  });
});

describe('player display', () => {
  it('joins what is known of the player’s place', () => {
    expect(playerRole('Arrière', 'XV de France')).toBe('Arrière · XV de France');
    expect(playerRole('', 'France 7')).toBe('France 7');
  });

  it('shows the portrait, or a silhouette without one', () => {
    const photo = renderToStaticMarkup(<PlayerPhoto src="https://www.ffr.fr/p.jpg" mode="plain" width={40} height={50} className="x" />);
    expect(photo).toContain('<img class="x" src="https://www.ffr.fr/p.jpg" alt="" width="40" height="50"');
    for (const src of ['', 'javascript:alert(1)']) {
      const none = renderToStaticMarkup(<PlayerPhoto src={src} mode="plain" width={40} height={50} className="x" />);
      expect(none).toMatch(/^<span class="x x--placeholder" aria-hidden="true"><svg/);
    }
  });
});
