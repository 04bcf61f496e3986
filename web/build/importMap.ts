import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** The bare names a bundle imports, and the shell's file each resolves to (decision 0058). */
export const SHARED_MODULES: Readonly<Record<string, string>> = {
  react: 'src/moduleRuntime/sharedReact.ts',
  'react/jsx-runtime': 'src/moduleRuntime/sharedJsxRuntime.ts',
  '@platform/module-sdk': 'src/moduleRuntime/moduleSdk.tsx',
};

/** What web/dist/importmap.json holds: the service adds each bundle's files and writes it into the page. */
export interface ShellImportMap {
  imports: Record<string, string>;
  integrity: Record<string, string>;
}

/** A built chunk as this plugin reads it: its file, the module it stands for, the chunks it imports statically. */
interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

export const sha384 = (content: Buffer | string): string => `sha384-${createHash('sha384').update(content).digest('base64')}`;

/**
 * The import map's part the shell owns: each shared name to its file, and the integrity of those
 * files and of every chunk they import statically, which a browser checks before running them.
 * Except the page's own entry and what it imports: the page has run them before any bundle loads, so
 * a bundle gets them from the browser's module map, unfetched; and Chromium does not match its
 * preloads of them (modulepreload links, the preload scanner) with an integrity from the map, so
 * listing them would fetch every script of the login page twice.
 */
export async function shellImportMap(chunks: readonly BuiltChunk[], read: (fileName: string) => Promise<Buffer>, root: string): Promise<ShellImportMap> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (starts: readonly string[]) => {
    const seen = new Set<string>();
    const visit = (fileName: string) => {
      if (seen.has(fileName)) return;
      seen.add(fileName);
      for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
    };
    for (const start of starts) visit(start);
    return seen;
  };
  const imports: Record<string, string> = {};
  for (const [name, source] of Object.entries(SHARED_MODULES)) {
    const chunk = chunks.find((c) => c.facadeModuleId === join(root, source));
    if (!chunk) throw new Error(`the build emitted no chunk for ${source}, which the import map names ${name}`);
    imports[name] = `/${chunk.fileName}`;
  }
  const onPage = closure(chunks.filter((c) => c.isEntry && !Object.values(imports).includes(`/${c.fileName}`)).map((c) => c.fileName));
  const shared = [...closure(Object.values(imports).map((path) => path.slice(1)))].filter((fileName) => !onPage.has(fileName));
  const integrity: Record<string, string> = {};
  for (const fileName of shared.sort()) integrity[`/${fileName}`] = sha384(await read(fileName));
  return { imports, integrity };
}

/** Writes dist/importmap.json once the files are written, from their bytes as served. */
export function importMap(): Plugin {
  let root = '';
  return {
    name: 'platform:import-map',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async writeBundle(output, bundle) {
      const dir = output.dir ?? 'dist';
      const chunks = Object.values(bundle).filter((file): file is typeof file & BuiltChunk => file.type === 'chunk');
      const map = await shellImportMap(chunks, (fileName) => readFile(join(dir, fileName)), root);
      await writeFile(join(dir, 'importmap.json'), `${JSON.stringify(map, null, 2)}\n`);
    },
  };
}
