import { describe, expect, it } from 'vitest';
import { problemHint } from './problemHints.ts';
import { RESERVED_PATH_PREFIXES, reservedPrefixOf } from './reservedPaths.ts';

describe('reservedPrefixOf', () => {
  it('names the prefix an address is at or under', () => {
    expect(reservedPrefixOf('/api')).toBe('/api');
    expect(reservedPrefixOf('/api/v1/manifest')).toBe('/api');
    expect(reservedPrefixOf('/idp/')).toBe('/idp');
    expect(reservedPrefixOf('/oauth2/authorize')).toBe('/oauth2');
    expect(reservedPrefixOf('/assets/index-abcdef12.js')).toBe('/assets');
    expect(reservedPrefixOf('/modules/lcc/1.4.2/index.js')).toBe('/modules');
  });

  it('leaves addresses that only begin with the same letters, and every other address, to the screens', () => {
    for (const path of ['/', '/apis', '/assets-register', '/modules-overview', '/idpx/a', '/settings/api', '/favicon.ico'])
      expect(reservedPrefixOf(path)).toBeUndefined();
  });

  it("is named in full in the administrator's hint", () => {
    for (const prefix of RESERVED_PATH_PREFIXES) expect(problemHint('reserved-path')).toContain(prefix);
  });
});
