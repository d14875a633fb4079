// Builds the browser bundle and stylesheet into public/assets/ with content-hashed names, and a
// manifest the worker imports. Fails the build if server-only code reaches the client.
import { build } from 'esbuild';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const defaultOutdir = `${root}public/assets`;

/**
 * `virtual:island-loaders` (client/hydrate.tsx): one lazy chunk per island, generated from the
 * imports of src/islands/registry.ts, so the island list is written once.
 */
const islandLoaders = {
  name: 'island-loaders',
  setup(b) {
    b.onResolve({ filter: /^virtual:island-loaders$/ }, () => ({ path: 'island-loaders', namespace: 'islands' }));
    b.onLoad({ filter: /.*/, namespace: 'islands' }, async () => {
      const registry = await readFile(`${root}src/islands/registry.ts`, 'utf8');
      const islands = [...registry.matchAll(/^import (\w+) from '(\.[^']+)';$/gm)].map(
        ([, name, path]) => `  ${name}: () => import(${JSON.stringify(path)}),`,
      );
      if (islands.length === 0) throw new Error('src/islands/registry.ts: no island imported');
      return {
        contents: `export const islandLoaders = {\n${islands.join('\n')}\n};\n`,
        resolveDir: `${root}src/islands`,
        loader: 'js',
        watchFiles: [`${root}src/islands/registry.ts`],
      };
    });
  },
};

/** Every stylesheet by its name in the manifest (src/config/assets.ts lists the same names). */
const STYLESHEETS = {
  site: 'client/styles/site.css',
  teams: 'src/features/teams/teams.css',
  stories: 'src/features/stories/stories.css',
};

/**
 * `outdir` (emptied first): public/assets unless a test builds elsewhere. `salt`: a comment at the
 * top of every script and stylesheet, which changes every content hash and nothing else — two
 * builds of the same source then name all their files differently, as two releases do
 * (test/deploy/canary.test.ts).
 */
export async function buildClient({ minify = true, outdir: target = defaultOutdir, salt } = {}) {
  // Built beside, then swapped in: whoever reads the folder meanwhile (a running site, a test
  // importing its manifest while deploy:check's dry run rebuilds it) never finds it half-written.
  const outdir = `${target}.building-${process.pid}`;
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    // site.css on every page; a feature whose pages have a layout of their own has its own sheet,
    // named by the page in its head (render/page.ts `styles`), so other pages do not carry it.
    entryPoints: { main: 'client/main.tsx', ...STYLESHEETS },
    outdir,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    format: 'esm',
    // main.js is a small loader; React, each island and the search client are chunks it loads
    // after the load event or on first interaction (client/main.tsx).
    splitting: true,
    minify,
    sourcemap: false,
    target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
    jsx: 'automatic',
    // The islands are written against React's API and rendered on the server by React 19; in the
    // browser they run on Preact's React compatibility layer (docs/decisions/012-preact-in-the-browser.md):
    // about 11 KB gzip instead of React DOM's 67 KB, for islands that each hydrate a small root.
    alias: { react: 'preact/compat', 'react-dom': 'preact/compat' },
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [islandLoaders],
    ...(salt === undefined ? {} : { banner: { js: `/* build ${salt} */`, css: `/* build ${salt} */` } }),
  });

  const serverOnly = Object.keys(result.metafile.inputs).filter((f) => /\.server\.tsx?$|(^|\/)src\/(upstream|cache|config|data)\//.test(f));
  if (serverOnly.length) throw new Error(`Server-only modules in the client bundle:\n  ${serverOnly.join('\n  ')}`);

  const manifest = {};
  const sheetNames = new Map(Object.entries(STYLESHEETS).map(([name, path]) => [path, `${name}.css`]));
  for (const [file, out] of Object.entries(result.metafile.outputs)) {
    // Dynamic imports are entry points too in the metafile: name only the real entries.
    const name = sheetNames.get(out.entryPoint) ?? (out.entryPoint === 'client/main.tsx' && file.endsWith('.js') ? 'main.js' : null);
    if (name) manifest[name] = `/assets/${file.split('/').pop()}`;
  }
  manifest.version = createHash('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 12);
  await writeFile(`${outdir}/manifest.json`, JSON.stringify(manifest, null, 2) + '\n');
  const previous = `${target}.previous-${process.pid}`;
  await rename(target, previous).catch((error) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(outdir, target);
  await rm(previous, { recursive: true, force: true });
  const sizes = Object.fromEntries(Object.entries(result.metafile.outputs).map(([f, o]) => [f.split('/').pop(), o.bytes]));
  return { manifest, sizes, metafile: result.metafile };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { manifest, sizes } = await buildClient();
  console.log('client built:', manifest, sizes);
}
