import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCatalogue, PlatformError } from './errors.ts';

describe('error catalogue', () => {
  const docs = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');

  it('documents every code in docs/errors.md with its status', () => {
    for (const [code, { status }] of Object.entries(errorCatalogue)) {
      expect(docs, `${code} missing from docs/errors.md`).toMatch(new RegExp(`\\|\\s*\`${code}\`\\s*\\|\\s*${status}\\s*\\|`));
    }
  });

  it('uses CFG_ERR_ codes with client or server statuses only', () => {
    for (const [code, { status }] of Object.entries(errorCatalogue)) {
      expect(code).toMatch(/^CFG_ERR_[A-Z_]+$/);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
    }
  });

  it('takes status and title from the catalogue', () => {
    const error = new PlatformError('CFG_ERR_FORBIDDEN', 'not yours');
    expect(error.status).toBe(403);
    expect(error.title).toBe('Forbidden');
    expect(error.detail).toBe('not yours');
  });
});
