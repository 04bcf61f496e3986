import { describe, expectTypeOf, test } from 'vitest';
import type { Access, ManifestRoute, ModuleManifest, ModuleView, PreviewView, PublicConfig, ResolvedRoute, UserManifest } from './types.ts';

// json-schema-to-ts cannot follow a schema that refers to itself, so types.ts cuts the recursive
// fields out of the schema and adds them back by hand. These checks fail when that surgery drops a
// field, loosens one to any, or turns the fields the schema requires into optional ones.

describe('ManifestRoute', () => {
  test('nests routes to any depth through optional children', () => {
    expectTypeOf<ManifestRoute['children']>().toEqualTypeOf<ManifestRoute[] | undefined>();
    expectTypeOf({ path: 'sites', children: [{ path: ':siteId', children: [{ path: 'assets' }] }] }).toExtend<ManifestRoute>();
  });

  test('still requires a path, at every depth', () => {
    expectTypeOf<ManifestRoute['path']>().toEqualTypeOf<string>();
    expectTypeOf({ path: 'sites', children: [{ name: 'site' }] }).not.toExtend<ManifestRoute>();
  });

  test('keeps the access levels the schema lists', () => {
    expectTypeOf<Access>().toEqualTypeOf<'signedIn' | 'public' | 'guest' | 'demoOrLocal'>();
  });
});

describe('ModuleManifest', () => {
  test('has its routes as route trees, required', () => {
    expectTypeOf<ModuleManifest['routes']>().toEqualTypeOf<ManifestRoute[]>();
  });

  test('keeps every other required field required and exposure optional', () => {
    expectTypeOf<Pick<ModuleManifest, 'key' | 'name' | 'baseUrl' | 'breadcrumbs'>>().toEqualTypeOf<{
      key: string;
      name: string;
      baseUrl: string;
      breadcrumbs: boolean;
    }>();
    expectTypeOf<undefined>().toExtend<ModuleManifest['exposure']>();
  });
});

describe('ResolvedRoute', () => {
  test('always has children, which are resolved routes themselves', () => {
    expectTypeOf<ResolvedRoute['children']>().toEqualTypeOf<ResolvedRoute[]>();
    expectTypeOf<ResolvedRoute['children'][number]['children'][number]>().toEqualTypeOf<ResolvedRoute>();
  });

  test('keeps the fields the schema requires required, and the rest optional', () => {
    expectTypeOf<Omit<ResolvedRoute, 'children'>>().toEqualTypeOf<{
      path: string;
      fullPath: string;
      index: boolean;
      aliases: string[];
      access: Access;
      showNistWarning: boolean;
      name?: string;
      screen?: string;
      title?: string;
      redirectTo?: string;
    }>();
  });
});

describe('UserManifest', () => {
  test('carries the shell, the dashboard and the modules as module views with route trees', () => {
    expectTypeOf<UserManifest['shell']>().toEqualTypeOf<ModuleView>();
    expectTypeOf<UserManifest['dash']>().toEqualTypeOf<ModuleView>();
    expectTypeOf<UserManifest['modules']>().toEqualTypeOf<ModuleView[]>();
    expectTypeOf<ModuleView['routes']>().toEqualTypeOf<ResolvedRoute[]>();
  });

  test('keeps the fields around the cut required', () => {
    expectTypeOf<UserManifest['customerId']>().toEqualTypeOf<string | null>();
    expectTypeOf<UserManifest['user']['role']>().toEqualTypeOf<string | null>();
    expectTypeOf<UserManifest['unavailable']>().toEqualTypeOf<{ key: string; name: string; baseUrl: string }[]>();
  });

  test("names a module's bundle by the reference the cut would otherwise lose", () => {
    expectTypeOf<ModuleView['bundle']>().toEqualTypeOf<{ version: string; entry: string; integrity: string } | undefined>();
  });
});

describe('PublicConfig', () => {
  test('has the shell as a module view and every backend as an address or null', () => {
    expectTypeOf<PublicConfig['shell']>().toEqualTypeOf<ModuleView>();
    expectTypeOf<PublicConfig['backends']['main']>().toEqualTypeOf<string | null>();
  });

  test('says only whether profiles are sent, never where the service forwards them', () => {
    expectTypeOf<PublicConfig['messaging']>().toEqualTypeOf<boolean>();
  });
});

describe('PreviewView', () => {
  test('holds a whole user manifest, added back after the cut', () => {
    expectTypeOf<PreviewView['manifest']>().toEqualTypeOf<UserManifest>();
  });
});
