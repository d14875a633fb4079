// The slice of the Cloudflare API that wrangler 4.164 calls for `secret put`, `secret bulk`,
// `secret list`, `deployments status` and `versions list`, on one account, in memory, so that the
// real wrangler can be run against it (CLOUDFLARE_API_BASE_URL=<url>, read by
// getCloudflareApiBaseUrl in ../workers-utils/src/environment-variables/misc-variables.ts).
//
// Read in node_modules/wrangler/wrangler-dist/cli.js:
// - src/secret/index.ts: secretPutCommand PUTs {name, text, type} to …/scripts/:name/secrets,
//   putBulkSecrets PATCHes {secrets: {NAME: {name, text, type} | null}} to …/secrets-bulk, and
//   throwIfLatestVersionNotDeployed turns error code 10215 (or 10214) into « Secret edit failed …
//   the latest version of your Worker isn't currently deployed »; a 10007 (isWorkerNotFoundError)
//   makes it create a draft Worker instead, which is not emulated.
// - src/versions/deployments/status.ts (versionsDeploymentsStatusHandler) prints
//   fetchLatestDeployment's answer, the first element of GET …/deployments `{deployments}`;
//   src/versions/list.ts (versionsListHandler) prints `items` of GET …/versions?deployable=true
//   sorted by metadata.created_on, the last 10 (../deploy-helpers/…/versions-api.ts).
// - ../workers-utils/src/cfetch/index.ts fetchResultBase and cfetch/errors.ts throwFetchError:
//   every answer is the v4 envelope {success, errors: [{code, message}], messages, result};
//   errors[0].code becomes the APIError code that the commands test.
// - With CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID set, requireAuth calls nothing.
//
// What Cloudflare documents (Workers › Versions & Deployments, gradual deployments): a plain secret
// change makes a new version out of the deployed one plus the secret and deploys it at once, so it
// is only allowed while the newest version is the one fully deployed; otherwise the API refuses it
// (10215) and points to `wrangler versions secret put`, which builds on the newest version without
// deploying it. The list endpoints return the newest version / deployment first.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

const LATEST_NOT_DEPLOYED = 10215;
const WORKER_NOT_FOUND = 10007;
const NO_ROUTE = 7003;
const AUTH_ERROR = 10000;

/**
 * Starts the emulator on 127.0.0.1 (random port). `baseUrl` goes in CLOUDFLARE_API_BASE_URL,
 * `accountId` in CLOUDFLARE_ACCOUNT_ID, `token` in CLOUDFLARE_API_TOKEN.
 */
export async function startCloudflareApi({ accountId = '0123456789abcdef0123456789abcdef', token = 'test' } = {}) {
  const workers = new Map();
  const requests = [];
  const unknown = [];
  // A clock of its own, one minute per event: created_on strictly increases, as wrangler's sort needs.
  let now = Date.parse('2026-01-05T09:00:00.000Z');
  const tick = () => new Date((now += 60_000)).toISOString();

  const worker = (name) => {
    if (!workers.has(name)) workers.set(name, { name, versions: [], deployments: [] });
    return workers.get(name);
  };
  // Newest first, as the API lists them.
  const newestFirst = (list) => [...list].sort((a, b) => b.created_on.localeCompare(a.created_on));
  const latestVersion = (w) => newestFirst(w.versions)[0];
  const currentDeployment = (w) => newestFirst(w.deployments)[0];

  function addVersion(w, { code, secrets, tag, message, triggeredBy, source }) {
    const created_on = tick();
    const version = {
      id: randomUUID(),
      number: w.versions.length + 1,
      created_on,
      code,
      secrets: { ...secrets },
      source,
      annotations: {
        'workers/triggered_by': triggeredBy, // getVersionSource (src/versions/list.ts) prefers it to metadata.source
        ...(tag ? { 'workers/tag': tag } : {}),
        ...(message ? { 'workers/message': message } : {}),
      },
    };
    w.versions.push(version);
    return version;
  }

  function addDeployment(w, versions, { message, triggeredBy = 'deployment', source = 'wrangler' } = {}) {
    const total = versions.reduce((sum, v) => sum + v.percentage, 0);
    if (versions.length < 1 || versions.length > 2 || total !== 100) throw new Error(`bad split: ${JSON.stringify(versions)}`);
    for (const v of versions) if (!w.versions.some((x) => x.id === v.id)) throw new Error(`no version ${v.id} in ${w.name}`);
    const deployment = {
      id: randomUUID(),
      created_on: tick(), // versionsDeploymentsListHandler sorts on it
      source,
      strategy: 'percentage',
      author_email: 'ops@ffr.fr',
      annotations: { 'workers/triggered_by': triggeredBy, ...(message ? { 'workers/message': message } : {}) },
      // fetchDeploymentVersions maps versions[] as version_id → percentage.
      versions: versions.map((v) => ({ version_id: v.id, percentage: v.percentage })),
    };
    w.deployments.push(deployment);
    return deployment;
  }

  // The API's shape of a version (no code, no secret values).
  const metadata = (v) => ({
    author_id: 'f00dcafe',
    author_email: 'ops@ffr.fr', // versionsListHandler prints metadata.author_email
    source: v.source, // getVersionSource reads metadata.source when there is no workers/triggered_by
    created_on: v.created_on, // versionsListHandler sorts on metadata.created_on
    modified_on: v.created_on,
    hasPreview: false,
  });
  const listed = (v) => ({ id: v.id, number: v.number, metadata: metadata(v), annotations: v.annotations });
  const detailed = (v) => ({
    ...listed(v),
    resources: {
      script: { etag: v.code, handlers: ['fetch'] },
      script_runtime: { compatibility_date: '2026-07-30', compatibility_flags: ['nodejs_als'], usage_model: 'standard' },
      bindings: Object.keys(v.secrets).map((name) => ({ type: 'secret_text', name })),
    },
  });

  /**
   * The secret rule: only while the newest version is the one deployed at 100 %; then a new
   * version (the deployed code, its secrets, this change) is made and deployed at 100 %.
   */
  function changeSecrets(w, change, via) {
    const latest = latestVersion(w);
    const deployed = currentDeployment(w)?.versions ?? [];
    // throwIfLatestVersionNotDeployed (src/secret/index.ts) reads errors[0].code 10215.
    if (!latest || deployed.length !== 1 || deployed[0].version_id !== latest.id || deployed[0].percentage !== 100)
      return fail(400, LATEST_NOT_DEPLOYED, "latest version isn't currently deployed");
    const secrets = { ...latest.secrets };
    for (const [name, value] of Object.entries(change)) {
      if (value === null) delete secrets[name];
      else secrets[name] = value;
    }
    const version = addVersion(w, { code: latest.code, secrets, triggeredBy: 'secret', source: via });
    addDeployment(w, [{ id: version.id, percentage: 100 }], { triggeredBy: 'secret', source: via });
    return ok(version);
  }

  // fetchResultBase returns `result` when `success` is true.
  const ok = (result) => ({ status: 200, body: { success: true, errors: [], messages: [], result } });
  // throwFetchError renders errors[] as notes and takes errors[0].code as the APIError code.
  const fail = (status, code, message) => ({ status, body: { success: false, errors: [{ code, message }], messages: [], result: null } });

  function route(method, path, body, headers) {
    // requireAuth / addAuthorizationHeader: the token goes as a Bearer header.
    if (headers.authorization !== `Bearer ${token}`) return fail(400, AUTH_ERROR, 'Authentication error');
    const m = path.match(/^\/accounts\/([^/]+)\/workers\/scripts\/([^/]+)(\/.*)?$/);
    if (!m || m[1] !== accountId) return null;
    const name = decodeURIComponent(m[2]);
    const rest = m[3] ?? '';
    const w = workers.get(name);
    // isWorkerNotFoundError reads code 10007.
    if (!w) return fail(404, WORKER_NOT_FOUND, 'This Worker does not exist on your account.');

    // fetchLatestDeployments reads result.deployments, newest first (fetchLatestDeployment takes .at(0)).
    if (method === 'GET' && rest === '/deployments') return ok({ deployments: newestFirst(w.deployments) });
    // fetchDeployableVersions reads result.items (?deployable=true: every emulated version is, and it ignores pagination).
    if (method === 'GET' && rest === '/versions') return ok({ items: newestFirst(w.versions).map(listed) });
    const one = rest.match(/^\/versions\/([^/]+)$/);
    if (method === 'GET' && one) {
      // fetchVersion reads the whole version (metadata, annotations, resources).
      const v = w.versions.find((x) => x.id === one[1]);
      return v ? ok(detailed(v)) : fail(404, NO_ROUTE, `version ${one[1]} not found`); // the real code is not known
    }
    // secretPutCommand: PUT {name, text, type: 'secret_text'}; wrangler ignores the result.
    if (method === 'PUT' && rest === '/secrets') {
      if (body?.type !== 'secret_text' || !body.name) return fail(400, 10001, 'bad secret');
      const answer = changeSecrets(w, { [body.name]: body.text }, 'api');
      return answer.status === 200 ? ok({ name: body.name, type: 'secret_text' }) : answer;
    }
    // putBulkSecrets: PATCH {secrets: {NAME: {name, text, type} | null}} (merge patch).
    if (method === 'PATCH' && rest === '/secrets-bulk') {
      const change = Object.fromEntries(Object.entries(body?.secrets ?? {}).map(([k, v]) => [k, v === null ? null : v.text]));
      const answer = changeSecrets(w, change, 'api');
      return answer.status === 200 ? ok(Object.keys(change).map((n) => ({ name: n, type: 'secret_text' }))) : answer;
    }
    // fetchSecrets (wrangler secret list): the latest version's secret names.
    if (method === 'GET' && rest === '/secrets') {
      const latest = latestVersion(w);
      return ok(Object.keys(latest?.secrets ?? {}).map((n) => ({ name: n, type: 'secret_text' })));
    }
    return null;
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/^\/client\/v4/, '');
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    let body;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    requests.push({ method: req.method, path, query: url.search });
    // A test's hook, run before the answer: something else changing the Worker at that moment.
    await api.beforeAnswer?.({ method: req.method, path });
    let answer = route(req.method ?? 'GET', path, body, req.headers);
    if (!answer) {
      // Anything wrangler asks that is not emulated is recorded: the tests expect none.
      unknown.push(`${req.method} ${path}${url.search}`);
      answer = fail(404, NO_ROUTE, `No route for that URI (${req.method} ${path}): not emulated`);
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());

  const api = {
    /** @type {((request: {method?: string, path: string}) => unknown) | undefined} */
    beforeAnswer: undefined,
    baseUrl: `http://127.0.0.1:${port}/client/v4`,
    accountId,
    token,
    requests,
    unknown,
    /** A new version, not deployed (`wrangler versions upload`); it keeps the newest version's secrets. */
    upload(name, { code, tag, message, secrets } = {}) {
      const w = worker(name);
      const v = addVersion(w, {
        code: code ?? `${name}@${w.versions.length + 1}`,
        secrets: secrets ?? latestVersion(w)?.secrets ?? {},
        tag,
        message,
        triggeredBy: 'upload',
        source: 'wrangler',
      });
      return v.id;
    },
    /** A deployment of one or two versions (`wrangler versions deploy`, `wrangler rollback`). */
    deploy(name, versions, options) {
      addDeployment(worker(name), versions, options);
    },
    /** Everything about one Worker, secrets included (values too: only the tests read them). */
    state(name) {
      const w = workers.get(name);
      if (!w) return { versions: [], deployments: [], deployed: [], latest: undefined };
      return structuredClone({
        versions: w.versions.map((v) => ({ ...listed(v), code: v.code, secrets: v.secrets })),
        deployments: newestFirst(w.deployments),
        deployed: (currentDeployment(w)?.versions ?? []).map((v) => ({ id: v.version_id, percentage: v.percentage })),
        latest: latestVersion(w)?.id,
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
  return api;
}
