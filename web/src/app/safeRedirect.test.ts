import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safeRedirect.ts';

const origin = 'http://localhost:8080';

describe('safeRedirect', () => {
  it('keeps a same-origin path with its query and hash', () => {
    expect(safeRedirect('/asset-life/sites/S1?x=1#top', origin)).toBe('/asset-life/sites/S1?x=1#top');
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/x',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/%0a/x'.replace('%0a', '\n'),
    'evil.example',
    '',
    '/login?redirect=/x',
    `/${'a'.repeat(3000)}`,
  ])('drops %j', (value) => {
    expect(safeRedirect(value, origin)).toBeUndefined();
  });
});
