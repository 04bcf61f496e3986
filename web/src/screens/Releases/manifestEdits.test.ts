import { describe, expect, it } from 'vitest';
import type { ModuleManifest } from '@platform/schemas';
import { editFileText, exposureOf, routeRows, withExposure, withRouteRoles } from './manifestEdits.ts';

const lcc: ModuleManifest = {
  key: 'lcc',
  name: 'Life Cycle Cost',
  baseUrl: '/life-cost',
  breadcrumbs: true,
  routes: [
    { path: '', redirect: 'lcc.projects' },
    {
      path: 'projects',
      name: 'lcc.projects',
      screen: 'lcc.projects',
      title: 'Projects',
      children: [{ path: ':projectId', name: 'lcc.project', screen: 'lcc.project', title: 'Project {projectId}', roles: ['sentient'] }],
    },
  ],
};

describe('form edits of a module manifest', () => {
  it('reads absent exposure as every role, every environment, on for new customers', () => {
    expect(exposureOf(lcc)).toEqual({ roles: null, environments: null, enabledForNewCustomers: true });
  });

  it('writes only the rules that limit, right after breadcrumbs, and drops exposure when none does', () => {
    const limited = withExposure(lcc, { roles: ['sentient'], environments: null, enabledForNewCustomers: false });
    expect(Object.keys(limited)).toEqual(['key', 'name', 'baseUrl', 'breadcrumbs', 'exposure', 'routes']);
    expect(limited.exposure).toEqual({ roles: ['sentient'], enabledForNewCustomers: false });
    expect(exposureOf(limited)).toEqual({ roles: ['sentient'], environments: null, enabledForNewCustomers: false });
    expect('exposure' in withExposure(limited, { roles: null, environments: null, enabledForNewCustomers: true })).toBe(false);
  });

  it('keeps exposure where the file has it', () => {
    const file = { key: 'x', exposure: { roles: ['a'] }, name: 'X', baseUrl: '/x', breadcrumbs: false, routes: [] } as ModuleManifest;
    expect(Object.keys(withExposure(file, { roles: ['b'], environments: ['dev'], enabledForNewCustomers: true }))).toEqual([
      'key',
      'exposure',
      'name',
      'baseUrl',
      'breadcrumbs',
      'routes',
    ]);
  });

  it('lists the routes a person can open with their pointers, full paths and roles', () => {
    expect(routeRows(lcc)).toEqual([
      { pointer: '/routes/1', fullPath: '/life-cost/projects', title: 'Projects', roles: null, depth: 0 },
      { pointer: '/routes/1/children/0', fullPath: '/life-cost/projects/:projectId', title: 'Project {projectId}', roles: ['sentient'], depth: 1 },
    ]);
  });

  it('sets and takes away a route’s roles by pointer, without touching the others', () => {
    const limited = withRouteRoles(lcc, '/routes/1', ['customer']);
    expect(limited.routes[1]).toMatchObject({ title: 'Projects', roles: ['customer'] });
    expect(Object.keys(limited.routes[1]!)).toEqual(['path', 'name', 'screen', 'title', 'roles', 'children']);
    expect(limited.routes[0]).toBe(lcc.routes[0]);
    const open = withRouteRoles(lcc, '/routes/1/children/0', []);
    expect('roles' in open.routes[1]!.children![0]!).toBe(false);
    expect(() => withRouteRoles(lcc, '/routes/7', null)).toThrow(RangeError);
  });

  it('writes the edited file as indented JSON', () => {
    const text = editFileText(JSON.stringify(lcc), (m) => withExposure(m, { roles: ['sentient'], environments: null, enabledForNewCustomers: true }));
    expect(text).toContain('\n  "exposure": {\n    "roles": [\n      "sentient"\n    ]\n  },\n');
  });
});
