import { describe, expect, it } from 'vitest';
import { describeDraft, draftToView, emptyDraft, previewRequest } from './claimsDraft.ts';

const engineer = { ...emptyDraft, customerId: 'acme', modules: ['mr', 'hs'], landingPageModuleKey: 'hs' };
const staff = { ...emptyDraft, role: 'sentient', allModules: true, customerId: 'globex' };

describe('claims draft', () => {
  it("puts a customer user's customer in the claim and staff's in X-Customer-Id", () => {
    expect(draftToView(engineer)).toEqual({ claims: { role: 'customer', customerId: 'acme', modules: ['mr', 'hs'], landingPageModuleKey: 'hs' }, customerId: null });
    expect(draftToView(staff)).toEqual({ claims: { role: 'sentient' }, customerId: 'globex' });
    expect(draftToView({ ...staff, allModules: false, modules: ['lb'] }).claims).toEqual({ role: 'sentient', modules: ['lb'] });
  });

  it('previews a token without a claim as claims null', () => {
    expect(draftToView({ ...engineer, hasClaim: false })).toEqual({ claims: null, customerId: null });
    expect(describeDraft({ ...engineer, hasClaim: false })).toMatch(/without an authorisation claim/);
  });

  it('compares from the older version to the one in service', () => {
    expect(previewRequest(engineer, { kind: 'version', version: 'old' }, 'new')).toMatchObject({ version: 'old', compareWith: { version: 'new' } });
  });

  it('compares from pinned claims to the draft, clearing a customer the draft does not have', () => {
    const request = previewRequest({ ...staff, customerId: '' }, { kind: 'pinned', draft: staff }, 'v');
    expect(request).toEqual({ claims: { role: 'sentient' }, customerId: 'globex', compareWith: { claims: { role: 'sentient' }, customerId: null } });
  });

  it('describes a draft in a few words', () => {
    expect(describeDraft(engineer)).toBe('customer at acme, 2 modules');
    expect(describeDraft(staff)).toBe('sentient acting for globex, every module');
  });
});
