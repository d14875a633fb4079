import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { HomeBanner } from '../features/reading/home/HomeBanner';
import { HomeSections } from '../features/reading/home/HomeSections';
import { tag } from '../cache/tags.server';
import { settle } from '../data/loaded';
import { Unavailable } from '../ui/Apology';
import { siteOrigin } from '../render/site';
import type { HomeSection } from '../schemas/home';

export async function homePage(c: Context<AppEnv>) {
  const content = c.var.content;
  const [{ settings: s }, home] = await Promise.all([c.var.shell, settle(content.home(), 'home')]);

  // SPEC §4: the home load does not change status. Without the curated home, the latest posts
  // still make a home page.
  let sections: HomeSection[] = home.status === 'success' ? home.data.content.data : [];
  const fallback = home.status === 'success' ? null : await settle(content.lastPosts(), 'last_posts');
  if (fallback?.status === 'success') sections = [{ type: 'a_la_une', title: 'À la une', posts: fallback.data.slice(0, 5) }];
  const meta = home.status === 'success' ? home.data.meta : null;

  return c.render(
    <>
      <HomeBanner title={home.status === 'success' ? home.data.title : ''} siteTitle={s.title} description={s.description} image={home.status === 'success' ? home.data.banner_background_image : ''} />
      <div className="container">{sections.length > 0 ? <HomeSections sections={sections} /> : <Unavailable what="Les actualités sont momentanément indisponibles." />}</div>
    </>,
    {
      head: {
        title: meta?.title || s.meta_title_home || s.title,
        siteFirst: true,
        description: meta?.description || s.meta_description_home || s.description,
        canonical: `${siteOrigin(c)}/`,
        image: home.status === 'success' ? home.data.banner_background_image : undefined,
      },
      tracking: { page_type: 'accueil' },
      status: sections.length > 0 ? 200 : 503,
      // The home's fallback lists follow every publish even when the curated home was read.
      tags: [tag.home, tag.lists],
    },
  );
}
