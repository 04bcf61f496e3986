import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importDirections, SERVICE_RULES } from './importDirections.mjs';

const root = join(import.meta.dirname, '..');

/** A throwaway tree of `files` (path → text) for `check`. */
function inTree(files, check) {
  const dir = mkdtempSync(join(tmpdir(), 'import-directions-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return check(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const LAYERS = [['testing'], ['app'], ['screens', 'moduleRuntime'], ['ui'], ['navigation']];

describe('import directions', () => {
  it('hold in web/src and config-service/src', () => {
    expect(importDirections(root)).toEqual([]);
  });

  it('fail on an arrow up a layer, dynamic or type-only, and between peers, naming the file, the import and the rule', () => {
    const faults = inTree(
      {
        'web/src/app/AppFrame.tsx': "import { paths } from '../navigation/paths.ts';\nexport const AppFrame = paths;\n",
        'web/src/screens/registry.ts': "export const frame = () => import('../app/AppFrame.tsx');\n",
        'web/src/screens/Notice.tsx': "import type { Runtime } from '../moduleRuntime/sdk.ts';\nexport type Notice = Runtime;\n",
        'web/src/moduleRuntime/sdk.ts': "import { paths } from '../navigation/paths.ts';\nexport type Runtime = typeof paths;\n",
        'web/src/navigation/paths.ts': "export { text } from '../ui/text.ts';\nexport const paths = {};\n",
        'web/src/ui/text.ts': 'export const text = 1;\n',
      },
      (dir) => importDirections(dir, { web: { base: 'web/src/', layers: LAYERS }, service: [], exceptions: [] }),
    );
    expect(faults).toEqual([
      'web/src/navigation/paths.ts → web/src/ui/text.ts: web/src/navigation may not import web/src/ui, which is above it (web layers)',
      'web/src/screens/Notice.tsx → web/src/moduleRuntime/sdk.ts: web/src/screens may not import web/src/moduleRuntime, which is its peer (web layers)',
      'web/src/screens/registry.ts → web/src/app/AppFrame.tsx: web/src/screens may not import web/src/app, which is above it (web layers)',
    ]);
  });

  it('let a test import the harness from any layer, and name a file that is in no layer', () => {
    const faults = inTree(
      {
        'web/src/testing/fake.ts': "import { text } from '../ui/text.ts';\nexport const fake = text;\n",
        'web/src/ui/text.ts': 'export const text = 1;\n',
        'web/src/ui/text.test.ts': "import { fake } from '../testing/fake.ts';\nexport default fake;\n",
        'web/src/ui/text.ts.bak': '',
        'web/src/ui/Dial.tsx': "import { fake } from '../testing/fake.ts';\nexport default fake;\n",
        'web/src/widgets/Knob.tsx': "import { text } from '../ui/text.ts';\nexport default text;\n",
      },
      (dir) => importDirections(dir, { web: { base: 'web/src/', layers: LAYERS }, service: [], exceptions: [] }),
    );
    expect(faults).toEqual([
      'web/src/ui/Dial.tsx → web/src/testing/fake.ts: web/src/ui may not import web/src/testing, which is above it (web layers)',
      'web/src/widgets/Knob.tsx: in no layer (add web/src/widgets to WEB_LAYERS)',
    ]);
  });

  it("fail on the service's forbidden arrows, except from the composition root, a test of a stand-in, and a known exception while it is needed", () => {
    const faults = inTree(
      {
        'config-service/src/local/demoData.ts': 'export const demo = 1;\n',
        'config-service/src/server.ts': "import { demo } from './local/demoData.ts';\nexport default demo;\n",
        'config-service/src/routes/users/index.ts': "import { demo } from '../../local/demoData.ts';\nexport default demo;\n",
        'config-service/src/routes/users/users.test.ts': "import { demo } from '../../local/demoData.ts';\nexport default demo;\n",
        'config-service/src/store/userStore.ts': "import users from '../routes/users/index.ts';\nexport default users;\n",
        'config-service/src/users/userNames.ts': "import users from '../routes/users/index.ts';\nexport default users;\n",
      },
      (dir) =>
        importDirections(dir, {
          web: { base: 'web/src/', layers: LAYERS },
          service: SERVICE_RULES,
          exceptions: [
            { from: 'config-service/src/users/userNames.ts', to: 'config-service/src/routes/users/index.ts', why: 'to go' },
            { from: 'config-service/src/users/gone.ts', to: 'config-service/src/routes/users/index.ts', why: 'went' },
          ],
        }),
    );
    expect(faults).toEqual([
      "config-service/src/routes/users/index.ts → config-service/src/local/demoData.ts: stand-ins for other teams' systems are wired in only by the composition root",
      'config-service/src/store/userStore.ts → config-service/src/routes/users/index.ts: routes are registered by the composition root: nothing below them imports one',
      'config-service/src/store/userStore.ts → config-service/src/routes/users/index.ts: the store knows no HTTP: it imports no route and no plugin',
      'config-service/src/users/gone.ts → config-service/src/routes/users/index.ts: a known exception no import needs any more (delete its row in KNOWN_EXCEPTIONS)',
    ]);
  });
});
