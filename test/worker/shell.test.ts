import { reset } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { site } from './helpers';
import { upstream } from './upstream-control';

beforeEach(async () => {
  await reset();
  await upstream.clearFaults();
  await upstream.reset();
});

const page = async (path = '/') => {
  const res = await site(path);
  return { res, html: await res.text() };
};

describe('shell HTML', () => {
  it('renders top bar, header, footer, partners and floating contact button', async () => {
    const { html } = await page();
    expect(html).toContain('Connexion<span class="topbar__login-more"> / inscription</span>');
    expect(html).toContain('Saisir la C3PR');
    expect(html).toContain('S’accréditer');
    expect(html).toContain('placeholder="Que recherchez-vous\u00a0?"');
    expect(html).toContain('action="/recherche"');
    expect(html).toContain('class="contact-fab"');
    expect(html).toContain('Contacts presse');
    expect(html).toContain('<a href="https://www.ffr.fr/newsletter" rel="noopener">S’abonner à la newsletter</a>');
    expect(html).toContain('Mentions légales');
    expect(html).toContain('Vous êtes journaliste\u202f?');
    expect(html).toMatch(/©\u00a02023–20\d\d Fédération française de rugby/);
  });

  it('sorts the top bar by order and skips menu items of class bouton', async () => {
    const menus = await upstream.json<{
      'top-nav': Array<{ label: string; order: number }>;
      categories: Array<{ label: string; classes: string[] }>;
    }>('/wp-json/ffr/v1/nav-menus?mode=hierarchical');
    const { html } = await page();
    const topbar = html.slice(html.indexOf('class="topbar__links"'), html.indexOf('class="topbar__news"'));
    const expected = [...menus['top-nav']].sort((a, b) => a.order - b.order).map((i) => i.label.replace(/&/g, '&amp;'));
    const positions = expected.map((label) => topbar.indexOf(`>${label}</a>`));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const skipped = menus.categories.filter((i) => i.classes.includes('bouton'));
    expect(skipped.length).toBeGreaterThan(0);
    const nav = html.slice(html.indexOf('class="header__nav'), html.indexOf('class="header__search"'));
    for (const item of skipped) expect(nav).not.toContain(`>${item.label}</a>`);
  });

  it('shows only the social networks whose link is set, and falls back for cgu / cookies', async () => {
    await upstream.patchSettings({ fb_lien: '', instagram_lien: '', cgu: '', cookies: null, newsletter: '' });
    const { html } = await page();
    expect(html).not.toContain('newsletter');
    expect(html).not.toContain('data-network="fb"');
    expect(html).not.toContain('data-network="instagram"');
    expect(html).toContain('data-network="youtube"');
    expect(html).toContain('href="https://www.ffr.fr/conditions-generales-d-utilisation"');
    expect(html).toContain('href="https://www.ffr.fr/politique-de-confidentialite"');
  });

  it('shows the placeholder partner « Oups » when partners fail, with the rest of the page intact', async () => {
    await upstream.fault({ path: '/wp-json/ffr/v1/partenaires_banniere', kind: 'status', status: 500 });
    const { res, html } = await page();
    expect(res.status).toBe(200);
    expect(html).toContain('Oups');
    expect(html).toContain('class="card');
  });

  it('hides the accreditation banner on the 404 page', async () => {
    const { res, html } = await page('/page-qui-n-existe-pas');
    expect(res.status).toBe(404);
    expect(html).not.toContain('Vous êtes journaliste ?');
    expect(html).toContain('class="footer"');
  });

  it('carries the home meta, favicons and logos from the settings', async () => {
    const settings = await upstream.json<{ favicons: Record<string, string>; logo: string; logo_footer: string }>(
      '/wp-json/ffr/v1/settings',
    );
    const { html } = await page();
    for (const size of ['16', '32', '180']) expect(html).toContain(settings.favicons[size]!);
    expect(html).toContain(settings.logo);
    expect(html).toContain(settings.logo_footer);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
  });
});
