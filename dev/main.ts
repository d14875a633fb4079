// `npm run upstream` (and `npm start`, which runs it beside wrangler dev).
import { startUpstream } from './server';

const articles = process.argv.find((a) => a.startsWith('--articles='))?.split('=')[1];
const started = Date.now();
const upstream = await startUpstream(articles ? { articleCount: Number(articles) } : {});
const { content } = upstream.store;
console.log(
  `Amont local prêt sur ${upstream.origin} en ${Date.now() - started} ms — ` +
    `${content.articles.length} articles, ${content.categories.length} catégories, ${content.events.length} événements, ${content.accounts.length} comptes de test.`,
);

const stop = async () => {
  await upstream.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
