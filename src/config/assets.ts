import manifest from '../../public/assets/manifest.json';

// Content-hashed names of the client bundle and stylesheet, written by scripts/build-client.mjs.
export const assets = manifest as { 'main.js': string; 'site.css': string; version: string };
