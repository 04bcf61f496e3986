import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const service = process.env.SERVICE_ORIGIN ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    precompress(),
  ],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  // `npm run dev -w web` talks to a running service for the API and the identity adapter.
  server: { proxy: { '/api': service, '/idp': service } },
});
