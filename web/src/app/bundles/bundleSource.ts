import { createContext } from 'react';
import { pageIntegrity, type PageIntegrity } from './pageImportMap.ts';

/** How the page reaches bundles: the browser's module loader, its import map, its tab. Tests give a fake. */
export interface BundleSource {
  /** `import()`s a module by address, through the page's import map; `json` for a JSON module. */
  importModule(url: string, as?: 'json'): Promise<unknown>;
  /** The integrity the page's import map holds, by address. */
  integrity(): PageIntegrity;
  storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload(): void;
}

/**
 * The shell's shared files (decision 0058): what the import map names `react`, `react/jsx-runtime`
 * and `@platform/module-sdk`. Imported here beside the bundle (the same addresses its bare names
 * resolve to, so the browser fetches each once), which makes the build emit them as chunks loaded
 * after the shell's own code: they re-export its instances instead of splitting the login page's
 * code to share it.
 */
const sharedModules = () =>
  Promise.all([import('../../moduleRuntime/sharedReact.ts'), import('../../moduleRuntime/sharedJsxRuntime.ts'), import('../../moduleRuntime/moduleSdk.tsx')]);

/**
 * JSON modules by address, imported once for the page's life. Chromium (156) crashes the tab when a
 * page imports again a JSON module its import map gives an integrity for ("Try again" did, for
 * bundle.json); the browser would answer the first import's result anyway, its module map keeping
 * a module's outcome for the page's life.
 */
const jsonModules = new Map<string, Promise<unknown>>();

/** The page itself: the browser's module loader and import map. */
export const browserSource: BundleSource = {
  async importModule(url, as) {
    if (as === 'json') {
      let json = jsonModules.get(url);
      if (!json) {
        json = import(/* @vite-ignore */ url, { with: { type: 'json' } });
        jsonModules.set(url, json);
      }
      return json;
    }
    const [, module] = await Promise.all([sharedModules(), import(/* @vite-ignore */ url)]);
    return module;
  },
  integrity: () => pageIntegrity(),
  storage: () => sessionStorage,
  reload: () => window.location.reload(),
};

export const BundleSourceContext = createContext<BundleSource>(browserSource);
