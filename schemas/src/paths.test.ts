import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinPaths, paramNames, substituteParams } from './paths.ts';

describe('joinPaths', () => {
  it('joins a base url and relative paths into one absolute path', () => {
    expect(joinPaths('/asset-life', 'sites/:site_id', '')).toBe('/asset-life/sites/:site_id');
    expect(joinPaths('/', 'settings')).toBe('/settings');
    expect(joinPaths('/', '')).toBe('/');
  });

  it('drops empty segments wherever they are: doubled, leading and trailing slashes', () => {
    expect(joinPaths('//a//', '/b/', '', 'c//')).toBe('/a/b/c');
    expect(joinPaths()).toBe('/');
    expect(joinPaths('///', '')).toBe('/');
  });

  it('answers what splitting every piece on slashes and joining the non-empty segments answers', () => {
    // The plain definition it was once written as, before it was made to allocate less.
    const reference = (...parts: string[]) =>
      `/${parts
        .flatMap((p) => p.split('/'))
        .filter((s) => s !== '')
        .join('/')}`;
    const piece = fc.stringMatching(/^[/a-z:*._-]{0,12}$/);
    fc.assert(fc.property(fc.array(piece, { maxLength: 5 }), (parts) => joinPaths(...parts) === reference(...parts)));
  });
});

describe('paramNames', () => {
  it('lists the parameters of a pattern in order', () => {
    expect(paramNames('/asset-life/sites/:site_id/assets/:asset_id')).toEqual(['site_id', 'asset_id']);
    expect(paramNames('/rail/admin/calculations')).toEqual([]);
  });
});

describe('substituteParams', () => {
  it('fills path parameters, encoding them, and title placeholders', () => {
    expect(substituteParams('/rail/:projectId/view/:scenarioId', { projectId: 'P 1', scenarioId: 'S1' })).toBe('/rail/P%201/view/S1');
    expect(substituteParams('Site {site_id}', { site_id: 'S1' })).toBe('Site S1');
  });
  it('keeps a placeholder whose parameter is missing', () => {
    expect(substituteParams('/x/:id', {})).toBe('/x/:id');
  });
});
