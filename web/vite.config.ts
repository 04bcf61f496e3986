import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig } from 'vite';
import { importMap } from './build/importMap.ts';
import { manifestValidators } from './build/manifestValidators.ts';
import { precompress } from './build/precompress.ts';

const service = process.env.SERVICE_ORIGIN ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    manifestValidators(),
    precompress(),
    // web/dist/importmap.json: the shell's shared files for module bundles, with their integrity.
    importMap(),
    // The bundle report the weight benchmark reads (bench/webShellWeight.bench.ts): which modules
    // each chunk holds and their sizes. Outside dist/, so the service never serves it.
    visualizer({ filename: new URL('build-report/bundle.json', import.meta.url).pathname, template: 'raw-data', gzipSize: true }),
  ],
  // Every browser the platform supports knows modulepreload: the polyfill would be dead weight.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, modulePreload: { polyfill: false } },
  // `npm run dev -w @platform/web` talks to a running service for the API and the identity adapter.
  server: { proxy: { '/api': service, '/idp': service } },
});
