import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { shellImportMap } from './importMap.ts';

const root = '/repo/web';
const chunk = (fileName: string, source: string | null, imports: string[] = []) => ({
  type: 'chunk' as const,
  fileName,
  isEntry: source === 'index.html',
  facadeModuleId: source && `${root}/${source}`,
  imports,
});
const files: Record<string, string> = {
  'assets/sharedReact-a.js': 'export { r as default } from "./index-x.js";',
  'assets/sharedJsxRuntime-b.js': 'export { j as jsx } from "./jsx-runtime-y.js";',
  'assets/moduleSdk-c.js': 'export { s as useApi } from "./index-x.js";',
  'assets/index-x.js': 'the shell',
  'assets/jsx-runtime-y.js': 'jsx',
  'assets/react-z.js': 'react',
  'assets/dashScreens-q.js': 'not shared',
  'assets/format-f.js': 'dates',
};
const read = async (fileName: string) => Buffer.from(files[fileName]!);

describe('shellImportMap', () => {
  test('maps each shared name to its file, with the integrity of it and of the chunks it imports that the page has not loaded', async () => {
    const chunks = [
      chunk('assets/index-x.js', 'index.html', ['assets/react-z.js']),
      chunk('assets/react-z.js', null),
      chunk('assets/jsx-runtime-y.js', null),
      chunk('assets/format-f.js', null),
      chunk('assets/dashScreens-q.js', 'src/screens/dashScreens.ts', ['assets/index-x.js', 'assets/format-f.js']),
      chunk('assets/sharedReact-a.js', 'src/moduleRuntime/sharedReact.ts', ['assets/index-x.js']),
      chunk('assets/sharedJsxRuntime-b.js', 'src/moduleRuntime/sharedJsxRuntime.ts', ['assets/jsx-runtime-y.js']),
      chunk('assets/moduleSdk-c.js', 'src/moduleRuntime/moduleSdk.tsx', ['assets/index-x.js', 'assets/format-f.js']),
    ];
    const map = await shellImportMap(chunks, read, root);

    expect(map.imports).toEqual({
      react: '/assets/sharedReact-a.js',
      'react/jsx-runtime': '/assets/sharedJsxRuntime-b.js',
      '@platform/module-sdk': '/assets/moduleSdk-c.js',
    });
    // Not the entry and what it imports (the page ran them already), nor what no shared file reaches.
    expect(Object.keys(map.integrity).sort()).toEqual(
      ['/assets/format-f.js', '/assets/jsx-runtime-y.js', '/assets/moduleSdk-c.js', '/assets/sharedJsxRuntime-b.js', '/assets/sharedReact-a.js'].sort(),
    );
    expect(map.integrity['/assets/format-f.js']).toBe(`sha384-${createHash('sha384').update('dates').digest('base64')}`);
  });

  test('fails the build when a shared file was not emitted, rather than writing a map without it', async () => {
    await expect(shellImportMap([chunk('assets/index-x.js', 'index.html')], read, root)).rejects.toThrow(/src\/moduleRuntime\/sharedReact\.ts/);
  });
});
