import type { Context } from 'hono';
import type { AppEnv } from '../../../app-env';
import { HomeBanner } from './HomeBanner';
import { HomeSections } from './HomeSections';
import { tag } from '../../../cache/tags.server';
import { settle } from '../../../data/loaded';
import { Unavailable } from '../../../ui/Apology';
import { Island } from '../../../ui/Island';
import { siteOrigin } from '../../../render/site';
import type { HomeSection } from '../../../schemas/home';

export async function homePage(c: Context<AppEnv>) {
  const content = c.get('content');
  const [{ settings: s }, home, latest] = await Promise.all([
    c.get('shell'),
    settle(content.home(), 'home'),
    settle(content.lastPosts(), 'last_posts'),
  ]);

  // SPEC §4: the home load does not change status. Without the curated home, the static lists
  // WordPress writes on publish still make a home page: the latest posts, then each category's.
  const curated = home.status === 'success' ? home.data.content.data : null;
  const sections = curated ? await withCategoryPosts(c, curated) : await fromStaticLists(c);
  const newest = newestDate([
    ...(latest.status === 'success' ? latest.data : []),
    ...sections.flatMap((x) => ('posts' in x ? x.posts : [])),
  ]);
  const meta = home.status === 'success' ? home.data.meta : null;

  return c.render(
    <>
      <HomeBanner
        title={home.status === 'success' ? home.data.title : ''}
        siteTitle={s.title}
        description={s.description}
        image={home.status === 'success' ? home.data.banner_background_image : ''}
      />
      <div className="container">
        {sections.length > 0 ? (
          <HomeSections sections={sections} />
        ) : (
          <Unavailable what="Les actualités sont momentanément indisponibles." />
        )}
      </div>
      {newest ? <Island name="NewPosts" props={{ after: newest }} /> : null}
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

/** A category section sent without its cards takes them from `lastest_posts_categories.json`. */
async function withCategoryPosts(c: Context<AppEnv>, sections: HomeSection[]): Promise<HomeSection[]> {
  if (!sections.some((s) => s.type === 'categorie' && s.posts.length === 0)) return sections;
  const lists = await settle(c.get('content').latestByCategory(), 'lastest_posts_categories');
  if (lists.status !== 'success') return sections;
  return sections.map((s) =>
    s.type === 'categorie' && s.posts.length === 0
      ? { ...s, posts: lists.data.find((l) => l.category.id === s.category.id)?.posts.slice(0, HOME_CATEGORY_CARDS) ?? [] }
      : s,
  );
}

/** The latest publication date the page knows of: what the « nouveaux articles » notice counts from. */
function newestDate(posts: { date: string }[]): string | null {
  const dates = posts.map((p) => p.date).filter((d) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(d));
  // Wall-clock times written alike sort as text: the last is the latest.
  return dates.sort().at(-1) ?? null;
}

async function fromStaticLists(c: Context<AppEnv>): Promise<HomeSection[]> {
  const [latest, byCategory] = await Promise.all([
    settle(c.get('content').lastPosts(), 'last_posts'),
    settle(c.get('content').latestByCategory(), 'lastest_posts_categories'),
  ]);
  const sections: HomeSection[] = [];
  if (latest.status === 'success' && latest.data.length > 0)
    sections.push({ type: 'a_la_une', title: 'À la une', posts: latest.data.slice(0, 5) });
  if (byCategory.status === 'success')
    for (const { category, posts } of byCategory.data)
      if (posts.length > 0)
        sections.push({ type: 'categorie', title: category.name, category, posts: posts.slice(0, HOME_CATEGORY_CARDS) });
  return sections;
}

/** SPEC §9: four cards per category, as on a category's first page. */
const HOME_CATEGORY_CARDS = 4;
