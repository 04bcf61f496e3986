import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../api/signedInHeaders.ts', () => ({ signedInHeaders: async () => ({ authorization: 'Bearer token' }) }));
const { isActivationConflict, publishAndActivate } = await import('./publishAndActivate.ts');

const release = {
  id: 'bbbbbbbbbbbb',
  author: { sub: 's', email: 'e' },
  publishedAt: 'now',
  reason: 'why',
  parent: 'aaaaaaaaaaaa',
  files: {},
  report: { valid: true, files: 1, modules: 0, routes: 0, problems: [] },
};
const json = (status: number, body: unknown, type = 'application/json') => new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });

afterEach(() => vi.unstubAllGlobals());

describe('publishing a draft', () => {
  it('stores the release, then activates it on condition that the base is still active', async () => {
    const calls: Array<{ url: string; method: string; ifMatch: string | undefined; body: unknown }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      calls.push({ url, method: init.method!, ifMatch: headers['if-match'], body: JSON.parse(init.body as string) });
      return url.endsWith('/active') ? json(200, { active: release.id, pilot: null }) : json(201, release);
    });
    const outcome = await publishAndActivate({ 'registry.json': { modules: [] } }, 'why', 'aaaaaaaaaaaa');
    expect(outcome.state.active).toBe(release.id);
    expect(calls).toEqual([
      { url: '/api/v1/admin/releases', method: 'POST', ifMatch: undefined, body: { files: { 'registry.json': { modules: [] } }, reason: 'why' } },
      { url: '/api/v1/admin/releases/active', method: 'PUT', ifMatch: '"aaaaaaaaaaaa"', body: { release: release.id, reason: 'why' } },
    ]);
  });

  it('says who is active now when someone activated another release meanwhile, having overwritten nothing', async () => {
    const current = { active: 'cccccccccccc', pilot: null };
    vi.stubGlobal('fetch', async (url: string) =>
      url.endsWith('/active')
        ? json(409, { type: 'about:blank', title: 'Conflict', status: 409, code: 'CFG_ERR_CONFLICT', current }, 'application/problem+json')
        : json(201, release),
    );
    const error = await publishAndActivate({}, 'why', 'aaaaaaaaaaaa').catch((e: unknown) => e);
    expect(isActivationConflict(error)).toBe(true);
    expect(error).toMatchObject({ current, release: { id: release.id } });
  });
});
