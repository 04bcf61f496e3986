// The module's screens as a bundle (issue 28, decision 0064): one ES module, index.js, exporting
// `screens`, with bundle.json beside it at the root of dist/. `react`, `react/jsx-runtime` and the
// module SDK stay bare imports: the page's import map gives them the shell's own, so the page keeps
// one React and the screens share the shell's session, client and router.
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
const SHARED = ['react', 'react/jsx-runtime', '@platform/module-sdk'];

/** bundle.json: the SDK range the screens were built against, the one package.json depends on. */
function bundleDeclaration(): Plugin {
  return {
    name: 'bundle-declaration',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'bundle.json', source: `${JSON.stringify({ sdk: pkg.dependencies['@platform/module-sdk'] })}\n` });
    },
  };
}

export default defineConfig({
  plugins: [bundleDeclaration()],
  // A library build leaves process.env alone; the screens read nothing of it.
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    lib: { entry: 'src/index.ts', formats: ['es'], fileName: () => 'index.js' },
    rolldownOptions: { external: SHARED, output: { chunkFileNames: 'chunks/[name]-[hash].js' } },
  },
});
