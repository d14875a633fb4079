// npm run bench:alerts [-- --followers=10000 --seed=1 --rate=10 --d1-rtt=30 --smtp-rtt=20 --throttle=pace] [--only=relay-faults]
// One publish to N followers of a team's category (docs/alerts.md, docs/scale.md): the time to the
// last mail, D1 rows read and written, Queue messages and operations, and the cost per publish at
// published prices. Calibrated on the code as it is:
//   1. D1: the real alertStore (found under src/ by its export — src/data/alerts-store.server.ts
//      today — and bundled as wrangler bundles it) runs exactly what one publish does — putItem,
//      fanOut, then per consumer batch claim (a batch of an UPDATE and a SELECT) and one settle
//      UPDATE per mail accepted — over node:sqlite (scripts/lib/d1-sqlite.mjs, the migrations applied, foreign keys
//      on), which times each statement. The same calls are then replayed, on the same seeded data,
//      against Miniflare's D1, followed by the hourly run once (prune, staleClaims, digestsDue) and
//      the prune again KEEP_DAYS later, when this publish's deliveries go (a newer publish's kept):
//      workerd's SQLite keeps the per-statement counters D1 returns in
//      `meta.rows_read` / `meta.rows_written`, the figures Cloudflare bills (D1 pricing: « use the
//      meta object »). Rule seen in those counters (checked on small tables in workerd): a row read
//      is a row or index entry a loop of the plan steps onto — a full scan reads the whole table, a
//      lookup by key that finds its row reads 1 (a miss 0), an index range scan reads each entry in
//      the range, json_each's elements count, a foreign key check does not; a row written is each
//      table row inserted, changed or deleted and each index entry inserted (D1 pricing: « Indexes
//      will add an additional written row ») — an UPDATE that moves a row into a partial index
//      (claim: into deliveries_sending) writes 2, one that moves it out (settle) 1: an index entry
//      removed is not counted (workerd's patches/sqlite/0001-row-counts: OP_Insert, OP_IdxInsert
//      and a row's OP_Delete count, OP_IdxDelete does not; checked in workerd). Assumed: deployed
//      D1 counts as workerd does locally (not checked against a deployed database).
//   2. Time: a seeded discrete-event simulation of the Queue and its consumer (wrangler.jsonc's
//      production consumer, read with wrangler: batches of max_batch_size or after
//      max_batch_timeout, at most max_concurrency at once, max_retries), with D1 as one serial
//      server behind a round trip, the real statements' measured execution times, the real
//      renderer's and unsubscribe token's measured CPU per mail, and the SMTP hand-over as
//      worker-mailer does it (src/upstream/smtp.server.ts: one connection per batch — TCP, TLS,
//      greeting, EHLO, AUTH, then MAIL, RCPT, DATA, body per mail, QUIT; no pipelining) under the
//      provider's sending rate as a token bucket. Network figures are assumptions, listed in
//      ASSUMPTIONS with their sources where there is one.
//   3. Cost: Queues, D1, Workers requests and CPU, Mailgun per mail, at the prices below.
//   4. The relay's refusals (scripts/lib/relay-faults.mjs): the real consumer in workerd against the
//      local relay refusing at each step, then the Queue's redelivery; `--only=relay-faults` runs
//      this part alone and replaces `relayFaults` in bench/alerts.json.
// Prints a French table and writes bench/alerts.json. Deterministic for a given seed except the
// measured timings (SQL, render, token).
import { build } from 'esbuild';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { applyMigration, meteredD1, sqliteD1 } from './lib/d1-sqlite.mjs';
import { mulberry32 } from './lib/seeded-random.mjs';
import { productionBuildOptions } from './lib/worker-build.mjs';
import { root } from './lib/stack.mjs';
import { measureRelayFaults } from './lib/relay-faults.mjs';

const started = performance.now();
const { values: opts } = parseArgs({
  options: {
    followers: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1' },
    // Mailgun documents no per-second rate for SMTP (ASSUMPTIONS.providerRatePerSecond): an assumption.
    rate: { type: 'string', default: '10' },
    'd1-rtt': { type: 'string', default: '30' },
    'smtp-rtt': { type: 'string', default: '20' },
    // pace: the relay holds its reply until the bucket allows (worker-mailer waits); refuse: it
    // answers 451 and the mail goes back to the Queue with the consumer's retry delays.
    throttle: { type: 'string', default: 'pace' },
    only: { type: 'string' },
  },
});
if (opts.only !== undefined && opts.only !== 'relay-faults') throw new Error('--only=relay-faults');
if (opts.only === 'relay-faults') {
  const previous = JSON.parse(await readFile(`${root}bench/alerts.json`, 'utf8'));
  previous.relayFaults = await measureRelayFaults();
  await writeFile(`${root}bench/alerts.json`, `${JSON.stringify(previous, null, 2)}\n`);
  console.log('\nÉcrit : bench/alerts.json (relayFaults)');
  process.exit(0);
}
const FOLLOWERS = Number(opts.followers);
const SEED = Number(opts.seed);
const RATE = opts.rate === 'inf' || opts.rate === '0' ? Number.POSITIVE_INFINITY : Number(opts.rate);
if (!(FOLLOWERS > 0) || !Number.isInteger(FOLLOWERS)) throw new Error('--followers=N attend un entier positif');
if (!['pace', 'refuse'].includes(opts.throttle)) throw new Error('--throttle=pace|refuse');

// ── Prices (USD), each from its published page ──
const PRICES = {
  // https://developers.cloudflare.com/queues/platform/pricing/ — an operation per 64 KB written, read
  // or deleted (1 KB = 1 000 bytes, ~100 bytes of metadata per message); 1 M included a month.
  queueOpsPerMillion: 0.4,
  queueOpsIncluded: 1_000_000,
  // https://developers.cloudflare.com/d1/platform/pricing/ — Workers Paid: 25 G rows read and 50 M
  // rows written included a month, then $0.001 per million read and $1.00 per million written.
  d1ReadPerMillion: 0.001,
  d1ReadIncluded: 25_000_000_000,
  d1WritePerMillion: 1.0,
  d1WriteIncluded: 50_000_000,
  // https://developers.cloudflare.com/workers/platform/pricing/ — Standard: 10 M requests and 30 M
  // CPU-ms included a month, then $0.30 per million requests and $0.02 per million CPU-ms. A Queue
  // consumer invocation is billed as a request (queues/configuration/consumer-concurrency/, « Billing »).
  workerRequestsPerMillion: 0.3,
  workerRequestsIncluded: 10_000_000,
  workerCpuMsPerMillion: 0.02,
  workerCpuMsIncluded: 30_000_000,
  // Mailgun (decision 023, amended): the Foundation plan's 50 000 mails a month (35 $ a month, a
  // third-party summary of mailgun.com/pricing: camoa.github.io, « Pricing & Tier Selection »), then
  // 1.00 $ per 1 000 (help.mailgun.com, « What happens if I send more emails than my monthly plan
  // provides? », Foundation up to 1 000 000).
  emailPerThousand: 1.0,
  emailIncluded: 50_000,
};

// ── Platform limits used by the simulation and the « what breaks » lines ──
const LIMITS = {
  // https://developers.cloudflare.com/queues/platform/limits/
  queueMessagesPerSecond: 5_000,
  sendBatchMessages: 100,
  maxConsumerConcurrency: 250,
  consumerWallMinutes: 15,
  // https://developers.cloudflare.com/d1/platform/limits/
  d1QuerySeconds: 30,
  // https://developers.cloudflare.com/workers/platform/limits/ (Workers Paid)
  workerMemoryMb: 128,
  subrequests: 10_000,
  // A batch is one SMTP session; max_batch_size keeps it at 50 mails (deploy-check).
  smtpRecipientsPerSession: 50,
};

// ── Network and service assumptions (milliseconds) ──
const ASSUMPTIONS = {
  d1RttMs: {
    value: Number(opts['d1-rtt']),
    source: 'hypothèse (brief) : aller-retour d’un Worker européen au primaire D1 en Europe de l’Ouest',
  },
  smtpRttMs: {
    value: Number(opts['smtp-rtt']),
    source: 'hypothèse : aller-retour du Worker au relais smtp.eu.mailgun.org (UE), traitement compris',
  },
  tlsRoundTrips: { value: 2, source: 'hypothèse (brief) : poignée de main TLS ≈ 2 allers-retours, plus 1 pour TCP' },
  queueSendMs: {
    value: 60,
    source: 'blog Cloudflare « Durable Objects aren’t just durable, they’re fast » (2024-10-24) : latence médiane d’envoi ~60 ms',
  },
  queueDispatchMs: { value: 60, source: 'hypothèse : d’un lot prêt au début de l’invocation du consommateur (non documenté)' },
  wordPressMs: { value: 200, source: 'hypothèse : publicPost, une requête à l’API WordPress (origine en France)' },
  categoriesMs: { value: 50, source: 'hypothèse : categories() (compose), la liste statique des catégories lue une fois par lot' },
  jitter: { value: 0.25, source: 'hypothèse : chaque aller-retour tiré uniformément à ±25 % (graine --seed)' },
  providerRatePerSecond: {
    value: RATE,
    source:
      'hypothèse --rate : la doc de Mailgun ne donne aucun débit par seconde en SMTP ; son API répond 429 « try again after » au-delà d’une limite non chiffrée',
  },
  providerBurst: { value: Number.isFinite(RATE) ? Math.max(1, RATE) : null, source: 'hypothèse : seau de jetons d’une seconde de débit' },
  throttle: {
    value: opts.throttle,
    source: 'pace : le relais retient sa réponse (worker-mailer attend) ; refuse : 451, le mail retourne dans la file (--throttle)',
  },
};
const RENDER_PLACEHOLDER_MS = 5;

const fr = new Intl.NumberFormat('fr-FR');
const fr1 = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
const fr2 = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });
const usd = (x) =>
  `${x === 0 ? '0' : x < 0.01 ? new Intl.NumberFormat('fr-FR', { maximumSignificantDigits: 2 }).format(x) : new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(x)} $`;
const duration = (ms) => {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${fr1.format(s)} s`;
  return `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`;
};
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
};
const p90 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length * 0.9)] : 0;
};

// ── The code under test, bundled as wrangler bundles the worker ──
// Found by what it exports, wherever it lives under src/ (the alerts' files still move).
async function sourceFiles(dir) {
  const out = [];
  for (const entry of await readdir(`${root}${dir}`, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...(await sourceFiles(path)));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}
const srcFiles = await Promise.all((await sourceFiles('src')).map(async (file) => [file, await readFile(`${root}${file}`, 'utf8')]));
const defining = (pattern) => srcFiles.find(([, text]) => pattern.test(text))?.[0];
const sources = {
  store: defining(/export function alertStore\(/),
  token: defining(/export async function unsubscribeToken\(/),
  messages: defining(/export const AlertMessageSchema\b/),
  consumer: defining(/export async function handleAlertBatch\(/),
  render: defining(/export (async )?function renderAlertEmail\(/),
  topics: defining(/export const topicsOfPost\b/),
};
for (const name of ['store', 'token', 'messages', 'consumer', 'topics'])
  if (!sources[name])
    throw new Error(
      `bench:alerts : ${name} introuvable sous src/ (alertStore, unsubscribeToken, AlertMessageSchema, handleAlertBatch, topicsOfPost)`,
    );
const migrations = (await readdir(`${root}migrations`)).filter((f) => f.endsWith('.sql')).sort();

async function importTs(entries) {
  const outdir = await mkdtemp(join(tmpdir(), 'ffr-bench-alerts-'));
  try {
    const contents = entries.map(([name, file]) => `export { ${name} } from './${file}';`).join('\n');
    await build({
      ...productionBuildOptions,
      stdin: { contents, loader: 'ts', resolveDir: root, sourcefile: 'bench-alerts-entry.ts' },
      outfile: `${outdir}/entry.mjs`,
      external: ['node:*'],
      // worker-mailer opens its socket with cloudflare:sockets; the bench only builds messages with it.
      plugins: [
        {
          name: 'no-sockets',
          setup(b) {
            b.onResolve({ filter: /^cloudflare:sockets$/ }, () => ({ path: 'sockets', namespace: 'stub' }));
            b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
              contents: 'export function connect() { throw new Error("no sockets in bench:alerts"); }',
            }));
          },
        },
      ],
    });
    return await import(pathToFileURL(`${outdir}/entry.mjs`).href);
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}

const { alertStore, KEEP_DAYS, unsubscribeToken, AlertMessageSchema, topicsOfPost, Email } = await importTs([
  ['alertStore', sources.store],
  ['KEEP_DAYS', sources.store],
  ['topicsOfPost', sources.topics],
  ['unsubscribeToken', sources.token],
  ['AlertMessageSchema', sources.messages],
  // What sendOverSmtp hands to worker-mailer becomes this MIME text (Email#getEmailData) on the wire.
  ['Email', 'node_modules/worker-mailer/dist/index.mjs'],
]);
let renderAlertEmail = null;
let renderNote;
if (sources.render) {
  try {
    ({ renderAlertEmail } = await importTs([['renderAlertEmail', sources.render]]));
    renderNote = `mesuré (${sources.render})`;
  } catch (error) {
    renderNote = `TODO : ${sources.render} ne se construit pas (${error.message.split('\n')[0]}) ; constante de ${RENDER_PLACEHOLDER_MS} ms par mail`;
  }
} else {
  // TODO: renderAlertEmail (src/features/alerts/email/render.server.ts) is being written; once it
  // exists this bench measures it and this constant goes unused.
  renderNote = `TODO : renderAlertEmail introuvable sous src/ ; constante provisoire de ${RENDER_PLACEHOLDER_MS} ms par mail`;
}

// What the consumer's code says, read from its source so that a change there shows here.
const deliveriesSource = srcFiles.find(([file]) => file === sources.consumer)[1];
const SEND_BATCH = Number(/const SEND_BATCH = (\d+)/.exec(deliveriesSource)?.[1] ?? LIMITS.sendBatchMessages);
const retryFormula = 'Math.min(60 * 2 ** Math.max(0, attempts - 1), 3600)';
if (!deliveriesSource.includes(retryFormula))
  console.warn(`retryDelaySeconds a changé dans ${sources.consumer} : la simulation garde ${retryFormula}`);
/** deliveries.server.ts retryDelaySeconds, in seconds. */
const retryDelaySeconds = (attempts) => Math.min(60 * 2 ** Math.max(0, attempts - 1), 3600);

const { unstable_readConfig } = await import('wrangler');
const consumerConfig = unstable_readConfig({ config: `${root}wrangler.jsonc`, env: 'production' }).queues.consumers.find(
  (c) => !c.queue.endsWith('-dlq'),
);
const CONSUMER = {
  maxBatchSize: consumerConfig.max_batch_size ?? 10,
  maxBatchTimeoutMs: (consumerConfig.max_batch_timeout ?? 5) * 1000,
  maxConcurrency: consumerConfig.max_concurrency ?? LIMITS.maxConsumerConcurrency,
  maxRetries: consumerConfig.max_retries ?? 3,
};

// ── Seeded data: N followers of the post's topics, and others ──
const TEAM = 10;
const POST = { id: 4242, categories: [TEAM] };
const ITEM = `post:${POST.id}`;
const TOPICS = topicsOfPost(POST.categories); // ['category:10', 'all'] today
const NOW = Date.UTC(2026, 10, 28, 9, 30);
const PAYLOAD = {
  title: 'XV de France : la liste des 42 joueurs retenus pour la tournée d’automne',
  standfirst:
    'Le sélectionneur a dévoilé ce mardi la liste des joueurs convoqués pour préparer les trois test-matchs de novembre au Stade de France, avec quatre nouveaux venus.',
  url: 'https://presse.ffr.fr/actualites/xv-de-france-liste-tournee-automne',
  imageUrl: 'https://presse.ffr.fr/wp-content/uploads/2026/11/xv-de-france-liste.jpg',
  imageAlt: 'Les joueurs du XV de France à l’entraînement à Marcoussis',
  date: new Date(NOW).toISOString(),
  label: 'XV de France',
};

function population(followers, seed) {
  const rand = mulberry32(seed);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const id = () => Array.from({ length: 22 }, () => alphabet[Math.floor(rand() * 64)]).join('');
  const firstNames = ['Camille', 'Julien', 'Léa', 'Mathieu', 'Sophie', 'Antoine', 'Inès', 'Thomas', 'Chloé', 'Hugo'];
  const subscribers = [];
  const follows = [];
  const person = (n, topics) => {
    const sid = id();
    const digest = rand() < 0.1;
    const suspended = rand() < 0.01;
    subscribers.push([
      sid,
      `sso-${n}`,
      `journaliste${n}@redaction-${n % 97}.example.fr`,
      firstNames[n % firstNames.length],
      digest ? 'digest' : 'immediate',
      suspended ? NOW - 86_400_000 : null,
      suspended ? '550 5.1.1 mailbox unavailable' : null,
      NOW - 30 * 86_400_000,
    ]);
    for (const topic of topics) follows.push([sid, topic]);
  };
  // The followers: mostly the team's category (some follow other categories too), some « all ».
  for (let n = 0; n < followers; n++) {
    const r = rand();
    const topics = r < 0.9 ? [`category:${TEAM}`] : r < 0.95 ? ['all'] : [`category:${TEAM}`, 'all'];
    if (rand() < 0.3) topics.push(`category:${20 + Math.floor(rand() * 10)}`);
    person(n, topics);
  }
  // Noise: half as many others following other categories or accreditations only.
  for (let n = followers; n < followers + Math.ceil(followers / 2); n++) {
    person(n, rand() < 0.2 ? ['accreditations'] : [`category:${20 + Math.floor(rand() * 10)}`]);
  }
  return { subscribers, follows };
}

async function seed(db, pop) {
  for (const file of migrations) await applyMigration(db, `${root}migrations/${file}`);
  const chunk = 1000;
  for (let i = 0; i < pop.subscribers.length; i += chunk) {
    await db
      .prepare(
        `INSERT INTO subscribers (id, account, email, first_name, frequency, suspended_at, suspended_reason, created_at, updated_at)
         SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7, value ->> 7 FROM json_each(?1)`,
      )
      .bind(JSON.stringify(pop.subscribers.slice(i, i + chunk)))
      .run();
  }
  for (let i = 0; i < pop.follows.length; i += chunk) {
    await db
      .prepare('INSERT INTO follows (subscriber_id, topic) SELECT value ->> 0, value ->> 1 FROM json_each(?1)')
      .bind(JSON.stringify(pop.follows.slice(i, i + chunk)))
      .run();
  }
}

// ── CPU per mail: the unsubscribe token and the renderer, measured ──
const SECRET = 'bench-alerts-secret-0123456789abcdef0123456789abcdef';
const sampleIds = population(200, SEED + 1).subscribers.map((s) => s[0]);
await unsubscribeToken(SECRET, sampleIds[0]); // the key is derived once per isolate
const tokenMs = [];
for (let round = 0; round < 5; round++)
  for (const sid of sampleIds) {
    const t0 = performance.now();
    await unsubscribeToken(SECRET, sid);
    tokenMs.push(performance.now() - t0);
  }
// Each message is validated when read back (AlertMessageSchema.safeParse in handleAlertBatch).
const parseMs = [];
for (const sid of sampleIds) {
  const t0 = performance.now();
  AlertMessageSchema.safeParse({ kind: 'send', item: ITEM, subscriber: sid });
  parseMs.push(performance.now() - t0);
}
const renderMs = [];
const mimeMs = [];
let firstRenderMs = null;
let mailBytes = null;
let mimeBytes = null;
if (renderAlertEmail) {
  const input = (i) => ({
    kind: 'post',
    item: PAYLOAD,
    reasons: ['XV de France'],
    manageUrl: 'https://presse.ffr.fr/espace-presse#mes-alertes',
    unsubscribeUrl: `https://presse.ffr.fr/alertes/desabonnement?jeton=${sampleIds[i % sampleIds.length]}.sig`,
    firstName: ['Camille', 'Julien', 'Léa'][i % 3],
  });
  const t0 = performance.now();
  await renderAlertEmail(input(0));
  firstRenderMs = performance.now() - t0; // a cold isolate's first mail: not in the samples below
  for (let i = 1; i < 20; i++) await renderAlertEmail(input(i));
  for (let i = 0; i < 200; i++) {
    const t1 = performance.now();
    const out = await renderAlertEmail(input(i));
    renderMs.push(performance.now() - t1);
    mailBytes ??= out.html.length + out.text.length + out.subject.length;
    // The MIME message worker-mailer writes after DATA, from the mail deliveries.server.ts builds.
    const t2 = performance.now();
    const data = new Email({
      from: { email: 'alertes@presse.ffr.fr', name: 'FFR Presse' },
      to: `journaliste${i}@redaction.example.fr`,
      subject: out.subject,
      html: out.html,
      text: out.text,
      headers: { 'List-Unsubscribe': `<${input(i).unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    }).getEmailData();
    mimeMs.push(performance.now() - t2);
    mimeBytes ??= Buffer.byteLength(data);
  }
}

// ── The discrete-event simulation ──
class Sim {
  now = 0;
  heap = [];
  seq = 0;
  at(t, fn) {
    const e = { t, seq: this.seq++, fn };
    const h = this.heap;
    h.push(e);
    for (let i = h.length - 1; i > 0; ) {
      const p = (i - 1) >> 1;
      if (h[p].t < e.t || (h[p].t === e.t && h[p].seq < e.seq)) break;
      [h[p], h[i]] = [h[i], h[p]];
      i = p;
    }
  }
  pop() {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0) {
      h[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        const less = (a, b) => h[a].t < h[b].t || (h[a].t === h[b].t && h[a].seq < h[b].seq);
        if (l < h.length && less(l, m)) m = l;
        if (r < h.length && less(r, m)) m = r;
        if (m === i) break;
        [h[m], h[i]] = [h[i], h[m]];
        i = m;
      }
    }
    return top;
  }
  sleep(ms) {
    return new Promise((resolve) => this.at(this.now + Math.max(0, ms), resolve));
  }
  async run() {
    while (this.heap.length > 0) {
      const e = this.pop();
      this.now = e.t;
      e.fn();
      // The processes woken run until their next sleep (the store's promises settle in microtasks).
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/** GCRA, a token bucket by its theoretical arrival time: `take` gives when a mail may go, `tryTake` whether it may go now. */
function bucket(ratePerSecond, burst) {
  if (!Number.isFinite(ratePerSecond)) return { take: (t) => t, tryTake: () => true };
  const interval = 1000 / ratePerSecond;
  const tolerance = (burst - 1) * interval;
  let tat = 0;
  return {
    take(t) {
      const at = Math.max(t, tat - tolerance);
      tat = Math.max(tat, at) + interval;
      return at;
    },
    tryTake(t) {
      if (tat - tolerance > t) return false;
      tat = Math.max(tat, t) + interval;
      return true;
    },
  };
}

/**
 * One publish, simulated: returns the timeline, counts and the store calls made (to replay them
 * on workerd). `rate`, `throttle` and `concurrency` vary between the scenarios.
 */
async function simulate({ rate, throttle, concurrency }) {
  const rand = mulberry32(SEED);
  const jit = (ms) => ms * (1 - ASSUMPTIONS.jitter.value + 2 * ASSUMPTIONS.jitter.value * rand());
  const pick = (xs, fallback) => (xs.length ? xs[Math.floor(rand() * xs.length)] : fallback);
  const d1Rtt = ASSUMPTIONS.d1RttMs.value;
  const smtpRtt = () => jit(ASSUMPTIONS.smtpRttMs.value);

  const node = await sqliteD1();
  await seed(node.db, population(FOLLOWERS, SEED));
  const metered = meteredD1(node.db);
  const calls = [];
  const real = alertStore(metered.db);
  const store = new Proxy(real, {
    get:
      (target, method) =>
      (...args) => {
        calls.push([method, args]);
        return target[method](...args);
      },
  });

  const sim = new Sim();
  // D1 is one database, one statement at a time: half a round trip there, the call (its measured
  // time; a batch, all its statements) when the database is free, half a round trip back.
  let d1FreeAt = 0;
  const d1 = async (call) => {
    const there = jit(d1Rtt);
    await sim.sleep(there / 2);
    const result = await call();
    const exec = metered.lastCallMs();
    const start = Math.max(sim.now, d1FreeAt);
    d1FreeAt = start + exec;
    await sim.sleep(d1FreeAt - sim.now + there / 2);
    return result;
  };
  const limiter = bucket(rate, Number.isFinite(rate) ? Math.max(1, rate) : 1);

  const out = {
    invocations: 0,
    maxInFlight: 0,
    queue: { messages: 0, writes: 0, reads: 0, deletes: 0, retries: 0, dlq: 0 },
    mails: 0,
    refusals: 0,
    connections: 0,
    workerCpuMs: 0,
    fanned: 0,
    queued: 0,
    digest: 0,
    t: {},
  };
  const opsPerMessage = (body) => Math.max(1, Math.ceil((JSON.stringify(body).length + 100) / 64_000));
  const ready = [];
  let inFlight = 0;
  let timerAt = null;

  const arrive = (messages) => {
    for (const m of messages) ready.push({ ...m, availableAt: sim.now });
    dispatch();
  };
  const write = (bodies) => {
    out.queue.messages += bodies.length;
    for (const body of bodies) out.queue.writes += opsPerMessage(body);
    arrive(bodies.map((body) => ({ body, attempts: 1 })));
  };
  function dispatch() {
    while (inFlight < concurrency && ready.length > 0) {
      const due = ready[0].availableAt + CONSUMER.maxBatchTimeoutMs;
      if (ready.length < CONSUMER.maxBatchSize && sim.now < due) {
        if (timerAt === null || timerAt > due) {
          timerAt = due;
          sim.at(due, () => {
            timerAt = null;
            dispatch();
          });
        }
        return;
      }
      const batch = ready.splice(0, CONSUMER.maxBatchSize);
      inFlight++;
      out.invocations++;
      out.maxInFlight = Math.max(out.maxInFlight, inFlight);
      for (const m of batch) out.queue.reads += opsPerMessage(m.body);
      consume(batch).finally(() => {
        inFlight--;
        dispatch();
      });
    }
  }
  const settle = (m, ok) => {
    if (ok) {
      out.queue.deletes += opsPerMessage(m.body);
      return;
    }
    if (m.attempts > CONSUMER.maxRetries) {
      // To the dead-letter queue: a write there, its consumer's read and delete.
      out.queue.dlq++;
      out.queue.writes += opsPerMessage(m.body);
      out.queue.reads += opsPerMessage(m.body);
      out.queue.deletes += 2 * opsPerMessage(m.body);
      out.invocations++;
      return;
    }
    out.queue.retries++;
    sim.at(sim.now + retryDelaySeconds(m.attempts) * 1000, () => arrive([{ body: m.body, attempts: m.attempts + 1 }]));
  };

  let claims = 0;
  async function consume(batch) {
    await sim.sleep(jit(ASSUMPTIONS.queueDispatchMs.value));
    for (const m of batch.filter((x) => x.body.kind === 'post')) {
      // fanOutPost: the post from WordPress, the item, the deliveries, then the sends by 100.
      out.t.fanOutStart = sim.now;
      await sim.sleep(jit(ASSUMPTIONS.wordPressMs.value));
      await d1(() => store.putItem(ITEM, PAYLOAD, NOW));
      const fanned = await d1(() => store.fanOut(ITEM, TOPICS, NOW, false));
      out.fanned = fanned.length;
      out.fanOutExecMs = metered.last().duration;
      out.fanOutResponseBytes = JSON.stringify(fanned).length;
      const queued = fanned.filter((f) => f.state === 'queued').map((f) => f.subscriber);
      out.queued = queued.length;
      out.digest = fanned.length - queued.length;
      for (let i = 0; i < queued.length; i += SEND_BATCH) {
        await sim.sleep(jit(ASSUMPTIONS.queueSendMs.value));
        write(queued.slice(i, i + SEND_BATCH).map((subscriber) => ({ kind: 'send', item: ITEM, subscriber })));
      }
      out.sendBatchCalls = Math.ceil(queued.length / SEND_BATCH);
      out.t.enqueued = sim.now;
      settle(m, true);
    }
    const sends = batch.filter((x) => x.body.kind === 'send');
    if (sends.length === 0) return;
    // compose: the categories' names, the deliveries claimed (one batch: UPDATE then SELECT), then a
    // token and a render per mail.
    await sim.sleep(jit(ASSUMPTIONS.categoriesMs.value));
    const claim = { id: `lot-${++claims}`, now: NOW };
    const pending = await d1(() =>
      store.claim(
        sends.map((s) => s.body),
        claim,
      ),
    );
    // The send-time check that the post is still public: one WordPress call per post and batch.
    if (pending.length > 0) await sim.sleep(jit(ASSUMPTIONS.wordPressMs.value));
    const byPair = new Map(pending.map((p) => [`${p.item} ${p.subscriber}`, p]));
    const outgoing = [];
    let cpu = 0;
    for (const s of sends) {
      if (!byPair.has(`${s.body.item} ${s.body.subscriber}`)) {
        settle(s, true);
        continue;
      }
      cpu += pick(parseMs, 0) + pick(tokenMs, 0) + pick(renderMs, RENDER_PLACEHOLDER_MS) + pick(mimeMs, 0);
      outgoing.push(s);
    }
    out.workerCpuMs += cpu;
    await sim.sleep(cpu);
    // sendOverSmtp: one connection for the batch, one exchange per mail, in order; each mail
    // recorded as sent (its own settle, awaited) before the next is handed over.
    const refused = [];
    if (outgoing.length > 0) {
      out.connections++;
      let handshake = 0;
      for (let i = 0; i < 1 + ASSUMPTIONS.tlsRoundTrips.value + 3; i++) handshake += smtpRtt(); // TCP, TLS, 220, EHLO, AUTH
      await sim.sleep(handshake);
      for (const [i, s] of outgoing.entries()) {
        if (throttle === 'refuse') {
          await sim.sleep(smtpRtt()); // MAIL FROM, answered 451 when over the rate
          if (!limiter.tryTake(sim.now)) {
            // Not a refusal of the recipient: the batch stops, this mail and the rest go back.
            out.refusals++;
            refused.push(...outgoing.slice(i));
            break;
          }
          await sim.sleep(smtpRtt() + smtpRtt() + smtpRtt()); // RCPT, DATA, body
        } else {
          await sim.sleep(smtpRtt() + smtpRtt() + smtpRtt() + smtpRtt()); // MAIL, RCPT, DATA, body
          await sim.sleep(limiter.take(sim.now) - sim.now); // the relay's 250 waits for the bucket
        }
        out.mails++;
        out.t.firstMail ??= sim.now;
        out.t.lastMail = sim.now;
        await d1(() => store.settle([s.body], claim, 'sent'));
        settle(s, true);
      }
      await sim.sleep(smtpRtt()); // QUIT
    }
    // As deliver() does, mail by mail: the deliveries given back by their own settle, then each
    // message retried (to claim them again).
    for (const s of refused) {
      await d1(() => store.settle([s.body], claim, 'released'));
      settle(s, false);
    }
    out.t.lastBatchDone = sim.now;
  }

  // The purge puts the post on the Queue at t = 0.
  write([{ kind: 'post', id: POST.id, slug: 'xv-de-france-liste-tournee-automne' }]);
  await sim.run();
  const stats = [...metered.stats.values()];
  const plans = Object.fromEntries(stats.map((s) => [s.sql, node.plan(s.sql)]));
  node.close();
  return { ...out, calls, nodeStats: stats, plans };
}

// ── Scenarios ──
const nominal = await simulate({ rate: RATE, throttle: opts.throttle, concurrency: CONSUMER.maxConcurrency });
const unlimited = await simulate({ rate: Number.POSITIVE_INFINITY, throttle: 'pace', concurrency: CONSUMER.maxConcurrency });
const refusing =
  opts.throttle === 'refuse' || !Number.isFinite(RATE)
    ? nominal
    : await simulate({ rate: RATE, throttle: 'refuse', concurrency: CONSUMER.maxConcurrency });

// ── D1 counters: the same calls replayed on workerd's SQLite (Miniflare's D1) ──
let workerd = null;
let workerdError = null;
try {
  const { Miniflare } = await import('miniflare');
  // A port of the system's choosing: nothing else of the project's is disturbed.
  const mf = new Miniflare({
    modules: true,
    script: 'export default { fetch: () => new Response(null, { status: 204 }) }',
    d1Databases: ['ALERTS_DB'],
    host: '127.0.0.1',
    port: 0,
  });
  try {
    await mf.ready;
    const raw = await mf.getD1Database('ALERTS_DB');
    await seed(raw, population(FOLLOWERS, SEED));
    const metered = meteredD1(raw);
    const store = alertStore(metered.db);
    let fanned = null;
    for (const [method, args] of nominal.calls) {
      const result = await store[method](...args);
      if (method === 'fanOut') fanned = result.length;
    }
    if (fanned !== nominal.fanned) throw new Error(`fanOut a rendu ${fanned} lignes dans workerd, ${nominal.fanned} dans node:sqlite`);
    const perPublish = [...metered.stats.values()];
    const count = () =>
      raw.prepare('SELECT (SELECT count(*) FROM deliveries) AS deliveries, (SELECT count(*) FROM items) AS items').first();
    // The hourly run, once, on what this publish left (runAlertsHourly): the prune (nothing is old
    // yet: what keeping deliveries costs), the claims a dead consumer left, the digests due.
    metered.stats.clear();
    await store.prune(NOW);
    await store.staleClaims(NOW);
    await store.digestsDue(NOW);
    const prune = [...metered.stats.values()];
    const tables = await count();
    // KEEP_DAYS and an hour later, with a newer publish to the same followers kept: the prune that
    // deletes this publish's deliveries (its digests, never sent here, stay, and so does its item).
    const later = NOW + KEEP_DAYS * 86_400_000 + 3_600_000;
    await store.putItem(`post:${POST.id + 1}`, PAYLOAD, later - 86_400_000);
    await store.fanOut(`post:${POST.id + 1}`, TOPICS, later - 86_400_000, false);
    const before = await count();
    metered.stats.clear();
    await store.prune(later);
    const expiry = { statements: [...metered.stats.values()], before, after: await count() };
    workerd = { perPublish, prune, tables, expiry };
  } finally {
    await mf.dispose();
  }
} catch (error) {
  workerdError = error.message;
}

// ── Per statement, named by the store's method ──
const methodOf = (sql) =>
  sql.startsWith('INSERT INTO items')
    ? 'putItem'
    : sql.startsWith('INSERT OR IGNORE INTO deliveries')
      ? 'fanOut'
      : sql.startsWith("UPDATE deliveries SET state = 'sending'")
        ? 'claim (UPDATE)'
        : sql.startsWith('SELECT d.item, d.subscriber_id')
          ? 'claim (SELECT)'
          : sql.startsWith('UPDATE deliveries SET state')
            ? 'settle'
            : sql.startsWith('DELETE FROM deliveries')
              ? 'prune (deliveries)'
              : sql.startsWith('DELETE FROM items')
                ? 'prune (items)'
                : sql.startsWith('SELECT item, subscriber_id AS subscriber FROM deliveries')
                  ? 'staleClaims'
                  : sql.startsWith('SELECT subscriber_id AS id FROM deliveries')
                    ? 'digestsDue'
                    : sql.slice(0, 40);
const statements = nominal.nodeStats.map((s) => {
  const w = workerd?.perPublish.find((x) => x.sql === s.sql);
  return {
    method: methodOf(s.sql),
    calls: s.calls,
    rowsRead: w ? w.rowsRead : null,
    rowsWritten: w ? w.rowsWritten : null,
    rowsReadPerCall: w ? Math.round((w.rowsRead / s.calls) * 10) / 10 : null,
    rowsWrittenPerCall: w ? Math.round((w.rowsWritten / s.calls) * 10) / 10 : null,
    changes: s.changes,
    execMs: Math.round(s.ms * 100) / 100,
    plan: nominal.plans[s.sql],
    sql: s.sql,
  };
});
const d1Reads = workerd ? statements.reduce((a, s) => a + s.rowsRead, 0) : null;
const d1Writes = workerd ? statements.reduce((a, s) => a + s.rowsWritten, 0) : null;
const queueOps = nominal.queue.writes + nominal.queue.reads + nominal.queue.deletes;

// ── Cost per publish ──
const line = (label, quantity, unit, pricePerUnit, included) => ({
  label,
  quantity,
  unit,
  marginalUsd: quantity * pricePerUnit,
  firstOfMonthUsd: Math.max(0, quantity - included) * pricePerUnit,
  publishesCoveredByIncluded: Math.floor(included / Math.max(1, quantity)),
});
const costs = [
  line('Mailgun (mails)', nominal.mails, 'mail', PRICES.emailPerThousand / 1000, PRICES.emailIncluded),
  line('Queues (opérations)', queueOps, 'opération', PRICES.queueOpsPerMillion / 1e6, PRICES.queueOpsIncluded),
  line('D1 lignes écrites', d1Writes ?? 0, 'ligne', PRICES.d1WritePerMillion / 1e6, PRICES.d1WriteIncluded),
  line('D1 lignes lues', d1Reads ?? 0, 'ligne', PRICES.d1ReadPerMillion / 1e6, PRICES.d1ReadIncluded),
  line(
    'Workers requêtes (invocations)',
    nominal.invocations,
    'requête',
    PRICES.workerRequestsPerMillion / 1e6,
    PRICES.workerRequestsIncluded,
  ),
  line('Workers CPU', Math.round(nominal.workerCpuMs), 'ms CPU', PRICES.workerCpuMsPerMillion / 1e6, PRICES.workerCpuMsIncluded),
];
const costPerPublishUsd = costs.reduce((a, c) => a + c.marginalUsd, 0);
const costFirstPublishOfMonthUsd = costs.reduce((a, c) => a + c.firstOfMonthUsd, 0);

// ── What breaks first as followers grow (thresholds from this run's per-follower figures) ──
const mailsPerFollower = nominal.mails / FOLLOWERS;
const pipelineRate = unlimited.mails / ((unlimited.t.lastMail - unlimited.t.firstMail) / 1000);
const fanOutMsPerFollower = nominal.fanOutExecMs / FOLLOWERS;
const fanOutBytesPerRow = nominal.fanOutResponseBytes / Math.max(1, nominal.fanned);
const enqueueRate = (SEND_BATCH / ASSUMPTIONS.queueSendMs.value) * 1000;
const pruneRead = workerd?.prune.find((s) => s.sql.startsWith('DELETE FROM deliveries'));
const expiryDelete = workerd?.expiry.statements.find((s) => s.sql.startsWith('DELETE FROM deliveries'));
const expiryRows = workerd
  ? workerd.expiry.statements.reduce((a, s) => ({ read: a.read + s.rowsRead, written: a.written + s.rowsWritten }), { read: 0, written: 0 })
  : null;
const breaks = [
  {
    atFollowers: Math.ceil(PRICES.emailIncluded / mailsPerFollower),
    what: `les ${fr.format(PRICES.emailIncluded)} mails inclus par mois du forfait Mailgun Foundation : une seule publication à ${fr.format(Math.ceil(PRICES.emailIncluded / mailsPerFollower))} abonnés les épuise ; au-delà, ${fr2.format(PRICES.emailPerThousand)} $ les 1 000, le premier poste de coût`,
  },
  Number.isFinite(RATE) && {
    atFollowers: Math.ceil((RATE * 60) / mailsPerFollower),
    what: `le débit du relais (${fr2.format(RATE)} mails/s, --rate, non documenté) : le dernier mail part ${duration((nominal.mails / RATE) * 1000)} après la publication à ${fr.format(FOLLOWERS)} abonnés, plus d’une minute dès ${fr.format(Math.ceil((RATE * 60) / mailsPerFollower))} ; le quota quotidien d’un compte neuf (non chiffré) borne le nombre de publications par jour`,
  },
  {
    atFollowers: Math.ceil((pipelineRate * 60) / mailsPerFollower),
    what: `sans limite du relais, la chaîne elle-même : ${fr1.format(pipelineRate)} mails/s avec max_concurrency ${CONSUMER.maxConcurrency} (lots de ${CONSUMER.maxBatchSize}, ${4} allers-retours SMTP par mail sans pipelining), soit plus d’une minute dès ${fr.format(Math.ceil((pipelineRate * 60) / mailsPerFollower))} abonnés ; Queues monte jusqu’à ${LIMITS.maxConsumerConcurrency} consommateurs si max_concurrency est retiré`,
  },
  {
    atFollowers: Math.floor((LIMITS.d1QuerySeconds * 1000) / fanOutMsPerFollower),
    what: `l’instruction unique fanOut (INSERT … SELECT … RETURNING) : ${fr2.format(nominal.fanOutExecMs)} ms pour ${fr.format(FOLLOWERS)} abonnés dans node:sqlite (base en mémoire : D1, sur disque, sera plus lent), soit la limite de ${LIMITS.d1QuerySeconds} s par requête D1 vers ${fr.format(Math.floor((LIMITS.d1QuerySeconds * 1000) / fanOutMsPerFollower))} abonnés (D1 bloque toute autre requête pendant ce temps) ; sa réponse pèse ${fr1.format(fanOutBytesPerRow)} octets par livraison, ${fr.format(Math.round(nominal.fanOutResponseBytes / 1024))} Kio ici`,
  },
  {
    atFollowers: Math.floor((LIMITS.workerMemoryMb * 1024 * 1024) / fanOutBytesPerRow / 4),
    what: `la mémoire du Worker (${LIMITS.workerMemoryMb} Mo) : la réponse de fanOut est tenue en entier (${fr1.format(fanOutBytesPerRow)} octets de JSON par livraison, comptés ×4 pour les objets JS et les corps des messages)`,
    note: 'ordre de grandeur',
  },
  {
    atFollowers: Math.floor(((LIMITS.subrequests - 3) * SEND_BATCH) / (nominal.queued / FOLLOWERS)),
    what: `les ${fr.format(LIMITS.subrequests)} sous-requêtes par invocation, si un sendBatch compte comme une (la doc cite R2, KV, D1) : l’invocation du message post fait 1 fetch, 2 requêtes D1 et un sendBatch par ${SEND_BATCH} abonnés`,
  },
].filter(Boolean);
breaks.sort((a, b) => a.atFollowers - b.atFollowers);
const fixed = [
  `écriture dans la file : fanOut envoie ${SEND_BATCH} messages par sendBatch, en série, ~${fr.format(Math.round(enqueueRate))} messages/s à ${ASSUMPTIONS.queueSendMs.value} ms l’appel, sous les ${fr.format(LIMITS.queueMessagesPerSecond)} messages/s par file quel que soit le nombre d’abonnés ; un sendBatch refusé (« Too Many Requests », une panne) fait reprendre tout le message post, et la reprise remet en file chaque livraison encore « queued » : des messages en double, pas de mail en double : vérifier et prendre sont un seul UPDATE (claim : « queued » → « sending » au nom d’un lot), le second lot ne prend rien et acquitte, et settle ne touche que les lignes tenues par son lot ; reste qu’un mail part deux fois si le consommateur meurt (ou si son settle échoue) entre le 250 du relais et le settle de ce mail (un par mail, avant le suivant : au plus le mail en cours) : « sending » depuis 15 minutes, la livraison est remise en file par le passage horaire (staleClaims) et reprise`,
  `session SMTP : un lot de max_batch_size ${CONSUMER.maxBatchSize} mails, une session, dans le budget de 60 s d’un lot ; un 452 4.5.3 (trop de destinataires) arrête le lot, tout est retenté`,
  pruneRead && expiryDelete
    ? `élagage horaire (prune) : les livraisons partent par leur item (clé primaire) ; ${fr.format(pruneRead.rowsRead)} lignes lues quand rien n’est vieux (${fr.format(workerd.tables.deliveries)} livraisons gardées) ; ${KEEP_DAYS} jours plus tard, ${fr.format(expiryRows.read)} lues et ${fr.format(expiryRows.written)} écrites pour ${fr.format(expiryDelete.changes)} livraisons supprimées, les ${fr.format(workerd.expiry.before.deliveries - workerd.tables.deliveries)} d’une publication plus récente gardées sans être lues : le coût suit ce qui est supprimé, non ce qui est gardé (une écriture par livraison supprimée, ${usd((expiryRows.written * PRICES.d1WritePerMillion) / 1e6)} par publication, hors du coût ci-dessus) ; les ${fr.format(workerd.expiry.after.deliveries - (workerd.expiry.before.deliveries - workerd.tables.deliveries))} livraisons en attente du digest (jamais envoyé ici) restent, et leur item`
    : null,
].filter(Boolean);

// ── Output ──
const T = nominal.t;
console.log(
  `\nAlertes presse — une publication à ${fr.format(FOLLOWERS)} abonnés (graine ${SEED}, consommateur : lots de ${CONSUMER.maxBatchSize}, ${CONSUMER.maxBatchTimeoutMs / 1000} s, ${CONSUMER.maxConcurrency} en parallèle)`,
);
console.log(
  `  livraisons ${fr.format(nominal.fanned)} : ${fr.format(nominal.queued)} immédiates, ${fr.format(nominal.digest)} pour le digest ; ${fr.format(FOLLOWERS - nominal.fanned)} suspendus exclus`,
);
console.log(
  `\nTemps (simulation, débit du relais ${Number.isFinite(RATE) ? `${fr2.format(RATE)} mails/s` : 'illimité'}, mode ${opts.throttle})`,
);
const rows = [
  ['début du fan-out (lot du message post, délai de 2 s)', T.fanOutStart],
  ['toutes les livraisons en file', T.enqueued],
  ['premier mail remis', T.firstMail],
  ['dernier mail remis', T.lastMail],
  ['dernier lot marqué « sent »', T.lastBatchDone],
];
for (const [label, t] of rows) console.log(`  ${label.padEnd(54)} ${duration(t ?? 0).padStart(12)}`);
console.log(
  `  ${'mails remis / invocations / connexions SMTP'.padEnd(54)} ${`${fr.format(nominal.mails)} / ${fr.format(nominal.invocations)} / ${fr.format(nominal.connections)}`.padStart(12)}`,
);
console.log(
  `  sans limite du relais : dernier mail à ${duration(unlimited.t.lastMail)} (${fr1.format(pipelineRate)} mails/s, ${CONSUMER.maxConcurrency} consommateurs)`,
);
if (refusing !== nominal)
  console.log(
    `  si le relais refuse (451) au lieu de ralentir : ${fr.format(refusing.mails)} mails remis, ${fr.format(refusing.queue.dlq)} en lettres mortes, ${fr.format(refusing.queue.retries)} reprises, dernier mail à ${duration(refusing.t.lastMail ?? 0)}`,
  );
const ms3 = (x) => `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: x < 0.1 ? 3 : 2 }).format(x)} ms`;
console.log(
  `  CPU du Worker par mail (médianes) : validation ${ms3(median(parseMs))}, jeton ${ms3(median(tokenMs))}, rendu ${renderMs.length ? `${ms3(median(renderMs))} (p90 ${ms3(p90(renderMs))}, premier rendu d’un isolat ${ms3(firstRenderMs)})` : `${RENDER_PLACEHOLDER_MS} ms`}, MIME ${mimeMs.length ? ms3(median(mimeMs)) : '—'}${mimeBytes ? ` (${fr1.format(mimeBytes / 1000)} ko par mail)` : ''}`,
);
console.log(`  rendu : ${renderNote}`);

console.log(`\nD1 (compteurs de workerd via Miniflare ; temps d’exécution dans node:sqlite)`);
console.log('  instruction      appels   lignes lues  lignes écrites   exécution   plan');
for (const s of statements)
  console.log(
    `  ${s.method.padEnd(15)} ${fr.format(s.calls).padStart(7)} ${(s.rowsRead === null ? '—' : fr.format(s.rowsRead)).padStart(13)} ${(s.rowsWritten === null ? '—' : fr.format(s.rowsWritten)).padStart(15)} ${`${fr2.format(s.execMs)} ms`.padStart(11)}   ${s.plan.filter((p) => !/json_each|BLOOM|LIST SUBQUERY/.test(p)).join(' ; ')}`,
  );
console.log(
  `  ${'total'.padEnd(15)} ${fr.format(statements.reduce((a, s) => a + s.calls, 0)).padStart(7)} ${(d1Reads === null ? '—' : fr.format(d1Reads)).padStart(13)} ${(d1Writes === null ? '—' : fr.format(d1Writes)).padStart(15)}`,
);
if (workerd) {
  const per = (method) => statements.find((s) => s.method === method);
  const [fan, pend, mk] = [per('fanOut'), per('claim (UPDATE)'), per('settle')];
  console.log(
    `  par abonné : ${fr2.format(d1Reads / FOLLOWERS)} lignes lues, ${fr2.format(d1Writes / FOLLOWERS)} écrites — fanOut ${fr2.format(fan.rowsRead / nominal.fanned)} lues et ${fr2.format(fan.rowsWritten / nominal.fanned)} écrites par livraison (l’index partiel deliveries_digest en plus pour chaque digest) ; claim ${fr1.format(pend.rowsReadPerCall)} lues et ${fr1.format(pend.rowsWrittenPerCall)} écrites par lot (la ligne et son entrée dans deliveries_sending ; plus son SELECT), settle ${fr1.format(mk.rowsReadPerCall)} lues et ${fr1.format(mk.rowsWrittenPerCall)} écrites par mail, un appel par mail accepté (la ligne : l’entrée retirée de deliveries_sending ne compte pas)`,
  );
  console.log(
    '  règle (compteurs de workerd) : une ligne lue = une ligne ou entrée d’index sur laquelle passe une boucle du plan (un parcours complet lit toute la table, une recherche par clé 1, un intervalle d’index chacune de ses entrées, json_each chacun de ses éléments ; le contrôle de clé étrangère ne compte pas) ; une ligne écrite = chaque ligne de table insérée, modifiée ou supprimée et chaque entrée d’index insérée (une entrée d’index retirée ne compte pas)',
  );
} else console.log(`  compteurs indisponibles : ${workerdError}`);
if (workerd) {
  console.log(`\nPassage horaire (compteurs de workerd) : une fois après la publication, puis l’élagage ${KEEP_DAYS} jours plus tard`);
  console.log('  instruction                   lignes lues  lignes écrites  lignes changées');
  const hourly = [...workerd.prune.map((s) => ['', s]), ...workerd.expiry.statements.map((s) => [` (+${KEEP_DAYS} j)`, s])];
  for (const [when, s] of hourly)
    console.log(
      `  ${`${methodOf(s.sql)}${when}`.padEnd(27)} ${fr.format(s.rowsRead).padStart(13)} ${fr.format(s.rowsWritten).padStart(15)} ${fr.format(s.changes).padStart(16)}`,
    );
  console.log(
    `  tables : ${fr.format(workerd.tables.deliveries)} livraisons et ${fr.format(workerd.tables.items)} item après la publication ; ${fr.format(workerd.expiry.before.deliveries)} et ${fr.format(workerd.expiry.before.items)} avec la publication plus récente, ${fr.format(workerd.expiry.after.deliveries)} et ${fr.format(workerd.expiry.after.items)} après l’élagage`,
  );
}

console.log(
  `\nQueue : ${fr.format(nominal.queue.messages)} messages (1 post + ${fr.format(nominal.queued)} send, ${fr.format(nominal.sendBatchCalls)} sendBatch), ${fr.format(queueOps)} opérations (écriture ${fr.format(nominal.queue.writes)}, lecture ${fr.format(nominal.queue.reads)}, suppression ${fr.format(nominal.queue.deletes)} ; une par message de moins de 64 Ko)`,
);

console.log('\nCoût par publication (prix publiés ; marginal = l’inclus du mois déjà consommé)');
console.log('  poste                              quantité     marginal   1re du mois   publications/mois dans l’inclus');
for (const c of costs)
  console.log(
    `  ${c.label.padEnd(32)} ${fr.format(c.quantity).padStart(10)} ${usd(c.marginalUsd).padStart(12)} ${usd(c.firstOfMonthUsd).padStart(13)}   ${fr.format(c.publishesCoveredByIncluded)}`,
  );
console.log(
  `  ${'total'.padEnd(32)} ${''.padStart(10)} ${usd(costPerPublishUsd).padStart(12)} ${usd(costFirstPublishOfMonthUsd).padStart(13)}`,
);

console.log('\nCe qui casse en premier quand les abonnés augmentent :');
for (const [i, b] of breaks.entries())
  console.log(`  ${i + 1}. dès ~${fr.format(b.atFollowers)} abonnés${b.note ? ` (${b.note})` : ''} — ${b.what}`);
for (const f of fixed) console.log(`  · ${f}`);

const report = {
  date: new Date().toISOString(),
  seed: SEED,
  followers: FOLLOWERS,
  deliveries: nominal.fanned,
  immediate: nominal.queued,
  digest: nominal.digest,
  mails: nominal.mails,
  lastMailMs: Math.round(T.lastMail ?? 0),
  firstMailMs: Math.round(T.firstMail ?? 0),
  enqueuedMs: Math.round(T.enqueued ?? 0),
  lastBatchDoneMs: Math.round(T.lastBatchDone ?? 0),
  lastMailMsWithoutRateLimit: Math.round(unlimited.t.lastMail ?? 0),
  pipelineMailsPerSecond: Math.round(pipelineRate * 10) / 10,
  refuseScenario:
    refusing === nominal
      ? null
      : {
          mails: refusing.mails,
          deadLettered: refusing.queue.dlq,
          retries: refusing.queue.retries,
          lastMailMs: Math.round(refusing.t.lastMail ?? 0),
        },
  d1Reads,
  d1Writes,
  d1Statements: statements,
  d1Counter: workerd ? 'workerd (Miniflare D1 meta.rows_read / rows_written)' : `indisponible : ${workerdError}`,
  prune: workerd ? { statements: workerd.prune, tables: workerd.tables, afterKeepDays: workerd.expiry } : null,
  queueMessages: nominal.queue.messages,
  queueOperations: queueOps,
  queue: nominal.queue,
  sendBatchCalls: nominal.sendBatchCalls,
  invocations: nominal.invocations,
  smtpConnections: nominal.connections,
  workerCpuMs: Math.round(nominal.workerCpuMs),
  cpuPerMailMs: {
    parse: median(parseMs),
    token: median(tokenMs),
    render: renderMs.length ? median(renderMs) : RENDER_PLACEHOLDER_MS,
    renderP90: renderMs.length ? p90(renderMs) : null,
    firstRender: firstRenderMs,
    mime: mimeMs.length ? median(mimeMs) : null,
    renderMeasured: renderMs.length > 0,
  },
  renderer: renderNote,
  mailBytes,
  mimeBytes,
  costPerPublishUsd: Math.round(costPerPublishUsd * 1e5) / 1e5,
  costFirstPublishOfMonthUsd: Math.round(costFirstPublishOfMonthUsd * 1e5) / 1e5,
  costBreakdown: costs,
  prices: PRICES,
  limits: LIMITS,
  consumer: CONSUMER,
  assumptions: ASSUMPTIONS,
  breaksFirst: breaks,
  alsoNoted: fixed,
  runSeconds: Math.round((performance.now() - started) / 100) / 10,
};
await mkdir(`${root}bench`, { recursive: true });
console.log('\nRefus du relais (consommateur réel dans workerd, relais local) :');
report.relayFaults = await measureRelayFaults();
await writeFile(`${root}bench/alerts.json`, `${JSON.stringify(report, (_, v) => (v === Number.POSITIVE_INFINITY ? 'illimité' : v), 2)}\n`);
console.log(`\nÉcrit : bench/alerts.json (${fr1.format(report.runSeconds)} s)`);
