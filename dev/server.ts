import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { ALGOLIA_PREFIX, createAlgoliaRoutes } from './algolia/routes';
import { createSearchEngine } from './algolia/engine';
import { articleRecord, newsroomRecords, playerRecords } from './algolia/search-index';
import { createCf7Control } from './cf7/control';
import { createCf7Routes, type Submission } from './cf7/routes';
import { createZonePurgeApi } from './cloudflare/purge';
import { readUpstreamConfig, type UpstreamConfig } from './config';
import { generateContent } from './content/generate';
import { createControlRoutes } from './control/routes';
import { FaultBoard } from './control/faults';
import { createMailControl, startSmtp } from './mail/smtp';
import { createMiddlewareRoutes } from './middleware/routes';
import { createIdentityProvider } from './oidc/provider';
import { PLAYERS_SETTINGS } from './algolia/settings';
import { ContentStore } from './content/store';
import { createStaticListRoutes } from './wordpress/static-lists';
import { createWordPressRoutes } from './wordpress/routes';

// The local upstream: one Node HTTP server that answers as every external service the worker
// talks to. Real protocols, seeded content, and test hooks under /__control.

export type RunningUpstream = { origin: string; config: UpstreamConfig; store: ContentStore; close: () => Promise<void> };

const NEWSROOM_INDEXES = ['newsroom', 'newsroom_pp'];
const PLAYER_INDEXES = ['joueurs', 'joueurs_pp'];

export async function startUpstream(overrides: Partial<UpstreamConfig> = {}): Promise<RunningUpstream> {
  const config = readUpstreamConfig(process.env, overrides);
  if (Number.isNaN(config.now.getTime())) throw new Error(`UPSTREAM_NOW invalide : ${process.env.UPSTREAM_NOW}`);
  // The instant the content is written around; /__control/clock moves it (and pins the clock there).
  let anchor = config.now;
  const generate = () => generateContent({ seed: config.seed, articleCount: config.articleCount, now: anchor, baseUrl: config.origin });
  const clockAt = (pinned: boolean) => (pinned ? () => anchor.getTime() : Date.now);
  const store = new ContentStore(generate(), clockAt(config.pinned));
  const faults = new FaultBoard();
  const submissions: Submission[] = [];

  const engine = createSearchEngine();
  const indexAll = () => {
    const records = newsroomRecords(store.content.articles, store.content.categories);
    for (const name of NEWSROOM_INDEXES) engine.setRecords(name, records);
    const players = playerRecords(store.content.pages);
    for (const name of PLAYER_INDEXES) {
      engine.createIndex(name, PLAYERS_SETTINGS, {});
      engine.setRecords(name, players);
    }
  };
  indexAll();

  const issuer = `${config.origin}/oidc`;
  const idp = createIdentityProvider({
    issuer,
    accounts: store.content.accounts,
    clients: [
      {
        client_id: config.oidcClientId,
        client_secret: config.oidcClientSecret,
        redirect_uris: [
          `${config.workerUrl}/api/auth/callback/ffr`,
          `${config.workerUrl.replace('127.0.0.1', 'localhost')}/api/auth/callback/ffr`,
        ],
        post_logout_redirect_uris: [`${config.workerUrl}/`, `${config.workerUrl.replace('127.0.0.1', 'localhost')}/`],
      },
    ],
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    tokenLength: config.tokenLength,
  });

  const app = new Hono();
  app.route('/wp-json/contact-form-7/v1', createCf7Routes(store, config, submissions));
  app.route('/wp-json', createWordPressRoutes(store, config, idp));
  app.route('/wp-content/uploads/newsroom', createStaticListRoutes(store));
  app.get('/wp-content/uploads/*', (c) => {
    const key = decodeURIComponent(c.req.path.slice('/wp-content/uploads/'.length));
    const body = store.content.images[key];
    if (body === undefined) return c.text('Not Found', 404);
    const type = key.endsWith('.pdf') ? 'application/pdf' : 'image/svg+xml';
    return c.body(body, 200, { 'content-type': type, 'cache-control': 'public, max-age=86400' });
  });
  app.route('/middleware', createMiddlewareRoutes(store, config));
  app.route(ALGOLIA_PREFIX, createAlgoliaRoutes(engine, { appId: config.algoliaAppId, apiKeys: config.algoliaKeys }));
  app.route('/__control/cf7', createCf7Control(store));
  const zonePurge = createZonePurgeApi({ zoneId: config.zoneId, token: config.zonePurgeToken });
  app.route('/client/v4', zonePurge.api);
  app.route('/__control/zone-purges', zonePurge.control);
  app.route(
    '/__control',
    createControlRoutes({
      store,
      faults,
      submissions,
      config,
      // As the federation's indexing does on a save: a published post is (re)indexed, any other
      // status takes it out of the index (a withdrawn post is no longer found).
      reindex: (article) => {
        for (const name of NEWSROOM_INDEXES) {
          if (article.status === 'publish') engine.upsert(name, articleRecord(article, store.content.categories));
          else engine.remove(name, articleRecord(article, store.content.categories).objectID);
        }
      },
      resetContent: () => {
        // Back to the clock the emulator started with.
        anchor = config.now;
        store.now = clockAt(config.pinned);
        store.content = generate();
        indexAll();
      },
      pinClock: (at) => {
        anchor = at;
        store.now = clockAt(true);
        store.content = generate();
        indexAll();
      },
    }),
  );
  app.get('/', (c) =>
    c.json({
      service: 'FFR Presse — amont local',
      wordpress: `${config.origin}/wp-json/ffr/v1`,
      staticLists: `${config.origin}/wp-content/uploads/newsroom`,
      contactForm7: `${config.origin}/wp-json/contact-form-7/v1`,
      middleware: `${config.origin}/middleware`,
      algolia: config.origin,
      oidc: `${issuer}/.well-known/openid-configuration`,
      zonePurge: `${config.origin}/client/v4/zones/${config.zoneId}/purge_cache`,
      control: `${config.origin}/__control/counters`,
      smtp: `smtp://${config.host}:${config.smtpPort}`,
      mail: `${config.origin}/__control/mail`,
    }),
  );

  const provider = { signingKey: config.mailWebhookKey, workerUrl: config.workerUrl };
  const mailbox = await startSmtp(config.smtpPort, config.host, config.quiet, provider);
  app.route('/__control/mail', createMailControl(mailbox, provider));

  const honoListener = getRequestListener(app.fetch);
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    if (!path.startsWith('/__control')) {
      faults.count(req, res);
      if (await faults.apply(req, res)) return;
    }
    if (path === '/oidc' || path.startsWith('/oidc/') || path.startsWith('/oidc?')) idp.callback(req, res);
    else honoListener(req, res);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error('[upstream]', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'internal_server_error', message: 'Erreur interne.', data: { status: 500 } }));
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  return {
    origin: config.origin,
    config,
    store,
    close: () =>
      new Promise<void>((resolve) => {
        faults.releaseHanging();
        void mailbox.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
