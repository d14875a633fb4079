import { HIGHLIGHT_POST, HIGHLIGHT_PRE, HITS_PER_PAGE, LATEST_IN_PANEL } from '../../schemas/search-request';
import { correctedQuery, type CorrectionHit } from './correction';
import { playerHref, PLAYERS_IN_PANEL } from './players';

// The browser side of the live search: Algolia's lite client, loaded only when the panel opens.

/** The indexes are the worker's choice from PUBLIC_ORIGIN (SPEC §7: newsroom / joueurs, `_pp` off the press hosts). */
export type LiveSearchConfig = {
  appId: string;
  apiKey: string;
  host: string | null;
  indexName: string;
  latestIndexName: string;
  playersIndexName: string;
};
export type LiveHit = { objectID: string; title: string; url: string; highlighted: string; date: string; image: string };
export type LivePlayer = {
  objectID: string;
  name: string;
  highlighted: string;
  position: string;
  team: string;
  url: string;
  image: string;
};
export type LiveResults = { hits: LiveHit[]; nbHits: number; players: LivePlayer[]; correction: string | null };

type Lite = Awaited<ReturnType<typeof load>>;
let loading: Promise<Lite> | null = null;

async function load(config: LiveSearchConfig) {
  const { liteClient } = await import('algoliasearch/lite');
  const hosts = config.host
    ? (() => {
        const u = new URL(config.host);
        return [
          {
            url: u.hostname,
            port: u.port ? Number(u.port) : undefined,
            protocol: u.protocol === 'https:' ? ('https' as const) : ('http' as const),
            accept: 'read' as const,
          },
        ];
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

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** A player record as PlayerHitSchema reads it (search-hit.ts), without zod in the browser bundle. */
function toPlayer(raw: Record<string, unknown>): LivePlayer | null {
  const name = str(raw.name).trim() || `${str(raw.prenom)} ${str(raw.nom)}`.trim();
  const url = playerHref({ url_relative: str(raw.url_relative), equipe_url: str(raw.equipe_url) });
  if (!name || !url || !str(raw.objectID)) return null;
  const hr = raw._highlightResult as { name?: { value?: unknown } } | undefined;
  return {
    objectID: str(raw.objectID),
    name,
    url,
    highlighted: str(hr?.name?.value) || name,
    position: str(raw.poste_libelle),
    team: str(raw.equipe),
    image: str(raw.image_thumbnail),
  };
}

type RawResult = { hits?: Array<Record<string, unknown>>; nbHits?: number } | undefined;

/**
 * What « Vouliez-vous dire » reads of a raw hit (correction.ts): `_rankingInfo.nbTypos` and every
 * highlighted value, arrays included (as the server's schema reads them, search-hit.ts).
 */
function forCorrection(raw: Record<string, unknown>): CorrectionHit {
  const info = raw._rankingInfo as { nbTypos?: unknown } | undefined;
  const values = Object.values((raw._highlightResult as Record<string, unknown> | undefined) ?? {})
    .flat()
    .map((h) => str((h as { value?: unknown } | null)?.value));
  return { nbTypos: typeof info?.nbTypos === 'number' ? info.nbTypos : null, highlighted: values.filter(Boolean) };
}

// Typed words ask for the typo count of each hit (getRankingInfo) and the words matched in the
// title, tags and categories: a correction is read from this same answer, never a second request.
const postsRequest = (indexName: string, query: string, hitsPerPage: number) => ({
  indexName,
  query,
  filters: 'type:"post"',
  distinct: true,
  hitsPerPage,
  highlightPreTag: HIGHLIGHT_PRE,
  highlightPostTag: HIGHLIGHT_POST,
  ...(query ? { attributesToHighlight: ['title', 'post_tag', 'categories'], getRankingInfo: true } : { attributesToHighlight: ['title'] }),
  attributesToRetrieve: ['objectID', 'title', 'url_relative', 'date', 'image_thumbnail'],
});

function readPosts(result: RawResult): { hits: LiveHit[]; nbHits: number } {
  const hits = (result?.hits ?? []).map(toHit).filter((h): h is LiveHit => h !== null);
  return { hits, nbHits: typeof result?.nbHits === 'number' ? result.nbHits : hits.length };
}

// What the reader typed, in the articles and the players at once: one multi-query request, as
// Algolia's clients batch them (POST /1/indexes/*/queries). The results come back in the order of
// the requests: search() in algolia/api-clients-automation
// clients/algoliasearch-client-javascript/packages/algoliasearch/lite/src/liteClient.ts.
export async function searchLive(config: LiveSearchConfig, query: string): Promise<LiveResults> {
  const c = await client(config);
  const { results } = await c.search({
    requests: [
      postsRequest(config.indexName, query, HITS_PER_PAGE),
      {
        indexName: config.playersIndexName,
        query,
        hitsPerPage: PLAYERS_IN_PANEL,
        highlightPreTag: HIGHLIGHT_PRE,
        highlightPostTag: HIGHLIGHT_POST,
        attributesToHighlight: ['name'],
        attributesToRetrieve: [
          'objectID',
          'name',
          'prenom',
          'nom',
          'poste_libelle',
          'equipe',
          'equipe_url',
          'url_relative',
          'image_thumbnail',
        ],
        getRankingInfo: true,
      },
    ],
  });
  const raw = [results[0] as RawResult, results[1] as RawResult].flatMap((r) => r?.hits ?? []);
  const players = ((results[1] as RawResult)?.hits ?? []).map(toPlayer).filter((p): p is LivePlayer => p !== null);
  return { ...readPosts(results[0] as RawResult), players, correction: correctedQuery(query, raw.map(forCorrection)) };
}

export async function latestPosts(config: LiveSearchConfig) {
  const c = await client(config);
  const { results } = await c.search({ requests: [postsRequest(config.latestIndexName, '', LATEST_IN_PANEL)] });
  return readPosts(results[0] as RawResult);
}
