import type * as Sdk from '@platform/module-sdk';
import type { BackendName } from '@platform/schemas';
import { expectTypeOf, test } from 'vitest';
import type * as Shell from './moduleSdk.tsx';

/** A module's exports as plain properties: a `const` export is read-only where a declared function is not. */
type Surface<Module> = { -readonly [Name in keyof Module]: Module[Name] };

// Checked by `tsc -p web` (npm run lint): what the shell provides at run time is the SDK's surface,
// every name and each of its declared type, no more and no less.
test('the shell provides exactly the module SDK', () => {
  expectTypeOf<Surface<typeof Shell>>().toEqualTypeOf<Surface<typeof Sdk>>();
});

// The SDK spells its backends out (module teams compile against it without @platform/schemas): they are
// the public configuration's, the one list (decision 0080).
test("the SDK's backends are the platform's", () => {
  expectTypeOf<Sdk.Backend>().toEqualTypeOf<BackendName>();
});
