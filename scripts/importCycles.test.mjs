import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles } from './importCycles.mjs';

const root = join(import.meta.dirname, '..');

describe('imports', () => {
  it('form no circle in config-service/src, web/src or schemas/src', () => {
    expect(
      importCycles(
        ['config-service/src', 'web/src', 'schemas/src'].map((dir) => join(root, dir)),
        root,
      ),
    ).toEqual([]);
  });

  it('are found in a circle through a type-only import and a re-export, and not through a dynamic import', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    try {
      mkdirSync(join(dir, 'settings'));
      writeFileSync(join(dir, 'settings.ts'), "export { guard } from './settings/guard.ts';\nexport interface Settings { port: number }\n");
      writeFileSync(join(dir, 'settings/guard.ts'), "import type { Settings } from '../settings.ts';\nexport const guard = (s: Settings) => s.port > 0;\n");
      writeFileSync(join(dir, 'screens.tsx'), "export const load = () => import('./lazy.tsx');\n");
      writeFileSync(join(dir, 'lazy.tsx'), "import { load } from './screens.tsx';\nexport default load;\n");
      expect(importCycles([dir], dir)).toEqual([['settings.ts', 'settings/guard.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
