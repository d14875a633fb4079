import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { tag } from '../cache/tags.server';
import { HomeBanner } from '../components/home/HomeBanner';
import { HomeSections } from '../components/home/HomeSections';
import { isDegraded, settle } from '../data/loaded';
import type { HomeSection } from '../schemas/home';
import { renderPage } from '../render/render-page.server';
import { loadShell } from '../render/shell.server';
import { pageTitle, siteOrigin } from '../render/site';
import { Document } from './_renderer';

export async function homePage(c: Context<AppEnv>) {
  const content = c.var.content;
  const [shell, home] = await Promise.all([loadShell(content, c.var.config), settle(content.home(), 'home')]);

  // SPEC §4: the home load does not change status. Without the curated home, the latest posts
  // still make a home page.
  let sections: HomeSection[] = home.status === 'success' ? home.data.content.data : [];
  const fallback = home.status === 'success' ? null : await settle(content.lastPosts(), 'last_posts');
  if (fallback?.status === 'success') sections = [{ type: 'a_la_une', title: 'À la une', posts: fallback.data.slice(0, 5) }];

  const s = shell.settings;
  const title = pageTitle((home.status === 'success' && home.data.meta.title) || s.meta_title_home || s.title, s, { siteFirst: true });
  const description = (home.status === 'success' && home.data.meta.description) || s.meta_description_home || s.description;

  return renderPage(
    c,
    <Document
      head={{ title, description, canonical: `${siteOrigin(c)}/`, image: home.status === 'success' ? home.data.banner_background_image : undefined }}
      shell={shell}
      page={{ path: '/', tracking: { page_type: 'accueil', page_category: '', page_subcategory: '', articleThematic: '' } }}
    >
      <HomeBanner title={home.status === 'success' ? home.data.title : ''} siteTitle={s.title} description={s.description} image={home.status === 'success' ? home.data.banner_background_image : ''} />
      <div className="container">
        {sections.length > 0 ? (
          <HomeSections sections={sections} />
        ) : (
          <p className="notice">Les actualités sont momentanément indisponibles. Merci de rafraîchir la page dans quelques instants.</p>
        )}
      </div>
    </Document>,
    { status: sections.length > 0 ? 200 : 503, cache: { cacheable: !isDegraded(...shell.areas, home), tags: [tag.site, tag.home, tag.lists] } },
  );
}
