// The layers of src/ (docs/architecture.md, « Where things live »), checked in npm test's types step.
// From the bottom: lib/ and schemas/; the infrastructure (config, http, security, observability,
// cache, upstream, state); the doors to the upstreams (data, auth); rendering (render, and ui with
// the <Island> wrapper); the features; at the top what wires them (routes, the island and modal
// lists in islands/, the entry). A layer imports only below itself; only data/ and auth/ call the upstreams.

const LIB = '^src/(lib|schemas)/';
const INFRA = '^src/(config|http|security|observability|cache|upstream|state)/';
const DOORS = '^src/(data|auth)/';
const RENDER = '^src/(render|ui)/';
const FEATURES = '^src/features/';
const TOP = '^src/(routes|islands)/|^src/index\\.ts$|^client/';

/** `to` paths a layer may not import: every layer above it. */
const above = (layers) => ({ path: layers.join('|') });

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No module imports itself back (a type-only import is erased and cannot).',
      severity: 'error',
      from: { path: '^(src|client)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-feature-imports-one-that-imports-it-back',
      comment: 'Between folders: a feature (or a part of one) never depends on one that depends on it.',
      severity: 'error',
      scope: 'folder',
      // lib/ and schemas/ are one layer of pure helpers and types, which name each other.
      from: { path: '^src/', pathNot: '^src/(lib|schemas)(/|$)' },
      to: { circular: true },
    },
    {
      name: 'one-door-to-the-upstreams',
      comment: 'Only data/ (the content, search, user, forms and media of a request) and auth/ (the provider) call upstream/.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(data|auth|upstream)/' },
      to: { path: '^src/upstream/' },
    },
    {
      name: 'lib-stays-at-the-bottom',
      severity: 'error',
      from: { path: LIB },
      to: above([INFRA, DOORS, RENDER, FEATURES, TOP, '^src/app-env\\.ts$']),
    },
    { name: 'infrastructure-below-the-doors', severity: 'error', from: { path: INFRA }, to: above([DOORS, RENDER, FEATURES, TOP]) },
    { name: 'doors-below-rendering', severity: 'error', from: { path: DOORS }, to: above([RENDER, FEATURES, TOP]) },
    {
      name: 'rendering-below-the-features',
      comment: '<Island> names the islands (a type from the list); the list itself is given to it by the entry.',
      severity: 'error',
      from: { path: RENDER },
      to: { ...above([FEATURES, TOP]), pathNot: '^src/islands/registry\\.ts$' },
    },
    {
      name: 'the-island-list-is-given-not-imported',
      severity: 'error',
      from: { pathNot: TOP },
      to: { path: '^src/islands/(registry|modals)\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    { name: 'features-below-the-wiring', severity: 'error', from: { path: FEATURES }, to: above([TOP]) },
    {
      name: 'no-server-code-in-the-browser',
      comment: 'An island and what it imports reach the client bundle: never a *.server.ts module.',
      severity: 'error',
      from: { path: '\\.island\\.tsx$|^client/' },
      to: { path: '\\.server\\.tsx?$' },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript API for the cruiser: swc parses, tsconfig resolves.
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '\\.test\\.tsx?$|^node_modules/' },
    doNotFollow: { path: '^node_modules/' },
  },
};
