import { HIGHLIGHT_POST, HIGHLIGHT_PRE, HITS_PER_PAGE, LATEST_IN_PANEL } from '../../schemas/search-request';

// The browser side of the live search: Algolia's lite client, loaded only when the panel opens.

export type LiveSearchConfig = { appId: string; apiKey: string; host: string | null; indexName: string; latestIndexName: string };
export type LiveHit = { objectID: string; title: string; url: string; highlighted: string; date: string; image: string };

type Lite = Awaited<ReturnType<typeof load>>;
let loading: Promise<Lite> | null = null;

async function load(config: LiveSearchConfig) {
  const { liteClient } = await import('algoliasearch/lite');
  const hosts = config.host
    ? (() => {
        const u = new URL(config.host);
        return [{ url: u.hostname, port: u.port ? Number(u.port) : undefined, protocol: u.protocol === 'https:' ? ('https' as const) : ('http' as const), accept: 'read' as const }];
      })()
    : undefined;
  return liteClient(config.appId, config.apiKey, { hosts });
}

const client = (config: LiveSearchConfig) => (loading ??= load(config));

function toHit(raw: Record<string, unknown>): LiveHit | null {
  const url = typeof raw.url_relative === 'string' ? raw.url_relative : '';
  const title = typeof raw.title === 'string' ? raw.title : '';
  if (!url.startsWith('/') || url.startsWith('//') || !title) return null;
  const hr = raw._highlightResult as { title?: { value?: unknown } } | undefined;
  return {
    objectID: String(raw.objectID),
    title,
    url,
    highlighted: typeof hr?.title?.value === 'string' ? hr.title.value : title,
    date: typeof raw.date === 'string' ? raw.date : '',
    image: typeof raw.image_thumbnail === 'string' ? raw.image_thumbnail : '',
  };
}

async function run(config: LiveSearchConfig, indexName: string, query: string, hitsPerPage: number): Promise<{ hits: LiveHit[]; nbHits: number }> {
  const c = await client(config);
  const { results } = await c.search({
    requests: [
      {
        indexName,
        query,
        filters: 'type:"post"',
        distinct: true,
        hitsPerPage,
        highlightPreTag: HIGHLIGHT_PRE,
        highlightPostTag: HIGHLIGHT_POST,
        attributesToHighlight: ['title'],
        attributesToRetrieve: ['objectID', 'title', 'url_relative', 'date', 'image_thumbnail'],
      },
    ],
  });
  const result = results[0] as { hits?: Array<Record<string, unknown>>; nbHits?: number } | undefined;
  const hits = (result?.hits ?? []).map(toHit).filter((h): h is LiveHit => h !== null);
  return { hits, nbHits: typeof result?.nbHits === 'number' ? result.nbHits : hits.length };
}

export const searchPosts = (config: LiveSearchConfig, query: string) => run(config, config.indexName, query, HITS_PER_PAGE);
export const latestPosts = (config: LiveSearchConfig) => run(config, config.latestIndexName, '', LATEST_IN_PANEL);
