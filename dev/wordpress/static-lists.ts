import { Hono } from 'hono';
import type { ContentStore } from '../content/store';

// The JSON files WordPress writes on publish under wp-content/uploads/newsroom/. The cache-busting
// `v` parameter is accepted and ignored, as a static file server would.

export function createStaticListRoutes(store: ContentStore) {
  const app = new Hono();
  app.get('/last_posts.json', (c) => c.json(store.latestCards(10)));
  app.get('/categories.json', (c) => c.json(store.content.categories));
  app.get('/lastest_posts_categories.json', (c) =>
    c.json(
      store.content.categories
        .filter((cat) => cat.parent === 0)
        .map((cat) => ({ category: { id: cat.id, slug: cat.slug, name: cat.name }, posts: store.latestCards(4, cat.id) })),
    ),
  );
  app.get('/:file{latest_posts_[0-9]+\\.json}', (c) => {
    const id = Number(c.req.param('file').match(/\d+/)![0]);
    if (!store.content.categories.some((cat) => cat.id === id)) return c.text('Not Found', 404);
    return c.json(store.latestCards(10, id));
  });
  app.all('*', (c) => c.text('Not Found', 404));
  return app;
}
