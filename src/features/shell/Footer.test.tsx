import { createStore, Provider } from 'jotai';
import { renderToString } from 'react-dom/server.edge';
import { describe, expect, it } from 'vitest';
import { signInPath } from '../../auth/callback-url';
import { DEFAULT_SETTINGS } from '../../schemas/settings';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

const categories = [{ id: 1, label: 'XV de France', href: '/categories/xv-de-france', external: false, children: [] }];
const settings = { ...DEFAULT_SETTINGS, title: 'FFR Presse' };
const account = {
  loginUrl: '',
  logoutUrl: '',
  personalSpaceUrl: 'https://pp.ffr.fr/mon-espace',
  dashboardUrl: 'https://pp.ffr.fr/tableau-de-bord',
};

const render = (node: React.ReactNode) => renderToString(<Provider store={createStore()}>{node}</Provider>);
const shell = (loginUrl: string) =>
  render(
    <>
      <TopBar links={categories} settings={settings} account={account} loginUrl={loginUrl} />
      <Footer categories={categories} settings={settings} year={2026} account={account} loginUrl={loginUrl} />
    </>,
  );

describe('TopBar and Footer', () => {
  it('are the same HTML on every page but for the sign-in link, which comes back to the page', () => {
    const article = signInPath('/categories/xv-de-france/un-article?page=2');
    const home = signInPath('/');
    const html = shell(article);
    // In the links and in the islands' props, as React writes each.
    expect(html).toContain(`<a class="topbar__login when-signed-out" href="${article}">`);
    expect(html).toContain(`&quot;loginUrl&quot;:&quot;${article}&quot;`);
    expect(html.split(article)).toHaveLength(5);
    expect(shell(home)).toBe(html.replaceAll(article, home));
    expect(html).toContain('©\u00a02023–2026 Fédération française de rugby');
  });

  it('render in place a sign-in address that HTML would escape, as the shared HTML reads', () => {
    const configured = 'https://sso.ffr.fr/login?site=presse&retour=1';
    const escaped = 'https://sso.ffr.fr/login?site=presse&amp;retour=1';
    const html = shell(configured);
    expect(html).toContain(`href="${escaped}"`);
    expect(html).not.toContain('presse&retour');
    // Rendered in place, it is the shared HTML with its address where the link goes.
    const article = signInPath('/categories/xv-de-france/un-article');
    expect(html.replaceAll(escaped, article)).toBe(shell(article));
  });
});
