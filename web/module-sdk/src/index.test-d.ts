import type { ComponentType, ReactNode } from 'react';
import { describe, expectTypeOf, test } from 'vitest';
import type * as Sdk from './index.ts';

// The SDK's public surface, pinned: a bundle built against 1.x compiles against every later 1.x. A
// change that fails here breaks module teams' builds, so it needs a major version (or is a mistake).

describe('the module SDK 1.x', () => {
  test('exports exactly these values', () => {
    expectTypeOf<keyof typeof Sdk>().toEqualTypeOf<
      | 'sdkVersion'
      | 'useApi'
      | 'usePlatformQuery'
      | 'isApiError'
      | 'useSignedInUser'
      | 'useCustomer'
      | 'useSiteGroups'
      | 'useRouteHref'
      | 'useNavigateToRoute'
      | 'RouteLink'
      | 'toast'
      | 'formatDate'
      | 'formatDateTimeUtc'
      | 'formatBytes'
    >();
  });

  test('a screen gets the route name, its parameters and its title', () => {
    expectTypeOf<Sdk.ScreenProps>().toEqualTypeOf<{ routeName: string; params: Readonly<Record<string, string | undefined>>; title: string }>();
    expectTypeOf<Sdk.BundleExports['screens']>().toEqualTypeOf<Readonly<Record<string, ComponentType<Sdk.ScreenProps>>>>();
    expectTypeOf<Sdk.BundleDeclaration>().toEqualTypeOf<{ sdk: string }>();
  });

  test('the API client calls the backends of spec section 7 by name', () => {
    expectTypeOf<Sdk.Backend>().toEqualTypeOf<
      | 'main'
      | 'assetHealth'
      | 'mapping'
      | 'lifex'
      | 'technicalDashboard'
      | 'lifeCost'
      | 'modelRuntime'
      | 'rail'
      | 'coreData'
      | 'coldStartPublic'
      | 'userManagement'
    >();
    expectTypeOf<typeof Sdk.useApi>().toEqualTypeOf<() => Sdk.ApiClient>();
    expectTypeOf<Sdk.ApiClient['json']>().toEqualTypeOf<<T>(backend: Sdk.Backend, path: string, options?: Sdk.CallOptions) => Promise<T>>();
    expectTypeOf<Sdk.ApiClient['blob']>().toEqualTypeOf<(backend: Sdk.Backend, path: string, options?: Sdk.CallOptions) => Promise<Blob>>();
    expectTypeOf<Sdk.ApiClient['url']>().toEqualTypeOf<
      (backend: Sdk.Backend, path: string, options?: Pick<Sdk.CallOptions, 'query' | 'siteGroups'>) => string
    >();
    expectTypeOf<Sdk.ApiClient['region']>().toEqualTypeOf<(backend: Sdk.Backend) => string | undefined>();
    expectTypeOf<Sdk.CallOptions>().toEqualTypeOf<{
      method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      query?: Record<string, string | number | boolean | undefined>;
      body?: unknown;
      siteGroups?: readonly string[];
      signal?: AbortSignal;
    }>();
  });

  test("a query hook reads a backend into the shell's cache (1.1)", () => {
    expectTypeOf<typeof Sdk.usePlatformQuery>().toEqualTypeOf<
      <T>(
        backend: Sdk.Backend,
        path: string | null,
        options?: { query?: Record<string, string | number | boolean | undefined>; siteGroups?: readonly string[] },
      ) => Sdk.PlatformQuery<T>
    >();
    expectTypeOf<Sdk.PlatformQuery<{ id: string }>>().toEqualTypeOf<{
      data: { id: string } | undefined;
      error: Error | null;
      loading: boolean;
      refetch(): void;
    }>();
  });

  test('a failed call narrows to its status, code and problem', () => {
    expectTypeOf<typeof Sdk.isApiError>().toEqualTypeOf<(error: unknown, status?: number) => error is Sdk.ApiError>();
    expectTypeOf<Sdk.ApiError['status']>().toEqualTypeOf<number>();
    expectTypeOf<Sdk.ApiError['code']>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<Sdk.ApiError['problem']>['detail']>().toEqualTypeOf<string | undefined>();
  });

  test('the user, the customer and the site groups in context', () => {
    expectTypeOf<typeof Sdk.useSignedInUser>().returns.toEqualTypeOf<{
      sub: string;
      email: string;
      givenName: string;
      familyName: string;
      role: string | null;
    }>();
    expectTypeOf<typeof Sdk.useCustomer>().returns.toEqualTypeOf<{ id: string | null }>();
    expectTypeOf<typeof Sdk.useSiteGroups>().returns.toEqualTypeOf<readonly string[]>();
  });

  test('links and navigation find routes by name', () => {
    expectTypeOf<typeof Sdk.useRouteHref>().toEqualTypeOf<(name: string, params?: Sdk.RouteParams) => string | undefined>();
    expectTypeOf<typeof Sdk.useNavigateToRoute>().returns.toEqualTypeOf<(name: string, params?: Sdk.RouteParams) => void>();
    expectTypeOf<typeof Sdk.RouteLink>().toEqualTypeOf<ComponentType<{ to: string; params?: Sdk.RouteParams; children: ReactNode; className?: string }>>();
  });

  test('toasts and the formats of spec section 9', () => {
    expectTypeOf<typeof Sdk.toast>().toEqualTypeOf<{ success(message: string): void; error(message: string): void; info(message: string): void }>();
    expectTypeOf<typeof Sdk.formatDate>().toEqualTypeOf<(input: string | number | Date | null | undefined) => string>();
    expectTypeOf<typeof Sdk.formatDateTimeUtc>().toEqualTypeOf<(input: string | number | Date | null | undefined) => string>();
    expectTypeOf<typeof Sdk.formatBytes>().toEqualTypeOf<(bytes: number | null | undefined, decimals?: number) => string>();
    expectTypeOf<typeof Sdk.sdkVersion>().toEqualTypeOf<string>();
  });
});
