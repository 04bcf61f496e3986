import { describe, expect, it } from 'vitest';
import type { AdminPreview, PreviewChanges } from '@platform/schemas';
import { describeClaims, releaseDraftPreviewRequest, claimsToView, emptyClaims, fromBaseToDraft, previewRequest, reversedChanges } from './claimsForm.ts';

const engineer = { ...emptyClaims, customerId: 'acme', modules: ['mr', 'hs'], landingPageModuleKey: 'hs' };
const staff = { ...emptyClaims, role: 'sentient', allModules: true, customerId: 'globex' };

describe('claims form', () => {
  it("puts a customer user's customer in the claim and staff's in X-Customer-Id", () => {
    expect(claimsToView(engineer)).toEqual({
      claims: { role: 'customer', customerId: 'acme', modules: ['mr', 'hs'], landingPageModuleKey: 'hs' },
      customerId: null,
    });
    expect(claimsToView(staff)).toEqual({ claims: { role: 'sentient' }, customerId: 'globex' });
    expect(claimsToView({ ...staff, allModules: false, modules: ['lb'] }).claims).toEqual({ role: 'sentient', modules: ['lb'] });
  });

  it('previews a token without a claim as claims null', () => {
    expect(claimsToView({ ...engineer, hasClaim: false })).toEqual({ claims: null, customerId: null });
    expect(describeClaims({ ...engineer, hasClaim: false })).toMatch(/without an authorisation claim/);
  });

  it('compares from the older version to the one in service', () => {
    expect(previewRequest(engineer, { kind: 'version', version: 'old' }, 'new')).toMatchObject({ version: 'old', compareWith: { version: 'new' } });
  });

  it('compares from pinned claims to these, clearing a customer these do not have', () => {
    const request = previewRequest({ ...staff, customerId: '' }, { kind: 'pinned', form: staff }, 'v');
    expect(request).toEqual({ claims: { role: 'sentient' }, customerId: 'globex', compareWith: { claims: { role: 'sentient' }, customerId: null } });
  });

  it('describes the claims in a few words', () => {
    expect(describeClaims(engineer)).toBe('customer at acme, 2 modules');
    expect(describeClaims(staff)).toBe('sentient acting for globex, every module');
  });
});

describe('previews against a release draft', () => {
  const files = { 'registry.json': { modules: ['mr'] } };

  it('sends the draft, and the base release as the comparison when asked', () => {
    expect(releaseDraftPreviewRequest(engineer, files, undefined)).toEqual({ claims: claimsToView(engineer).claims, draft: { files } });
    expect(releaseDraftPreviewRequest(staff, files, '0123456789ab')).toEqual({
      claims: { role: 'sentient' },
      customerId: 'globex',
      draft: { files },
      compareWith: { version: '0123456789ab' },
    });
  });

  it('reads the service’s draft-to-base changes from the base to the draft', () => {
    const decision = (included: boolean) => ({ key: 'lcc', name: 'Life Cycle Cost', included, rule: 'exposure' as const, reason: 'r' });
    const changes: PreviewChanges = {
      modules: [{ key: 'lcc', from: decision(false), to: decision(true) }],
      renamed: [{ key: 'mr', from: 'New', to: 'Old' }],
      landing: { from: '/a', to: null },
      routesAdded: [{ module: 'mr', fullPath: '/x', title: 'X' }],
      routesRemoved: [],
      routesRetitled: [{ module: 'mr', fullPath: '/y', from: 'New Y', to: 'Old Y' }],
    };
    const back = reversedChanges(changes);
    expect(back.modules[0]!.to.included).toBe(false);
    expect(back.renamed).toEqual([{ key: 'mr', from: 'Old', to: 'New' }]);
    expect(back.landing).toEqual({ from: null, to: '/a' });
    expect(back.routesRemoved).toEqual(changes.routesAdded);
    expect(back.routesRetitled[0]).toMatchObject({ from: 'Old Y', to: 'New Y' });
    expect(reversedChanges(back)).toEqual(changes);

    const draftView = { version: 'draft' } as unknown as AdminPreview['view'];
    const baseView = { version: 'base' } as unknown as AdminPreview['view'];
    const turned = fromBaseToDraft({ view: draftView, comparison: { view: baseView, changes } });
    expect(turned.view).toBe(baseView);
    expect(turned.comparison?.view).toBe(draftView);
    expect(fromBaseToDraft({ view: draftView, comparison: null }).view).toBe(draftView);
  });
});
