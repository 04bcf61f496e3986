import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_ID_PATTERN, isCustomerId } from './customerId.ts';

const schemasDir = new URL('../', import.meta.url);

describe('isCustomerId', () => {
  it('accepts lower-case letters, digits and dashes, up to 63 characters', () => {
    for (const id of ['acme', 'globex', 'a', '0', 'acme-2', `a${'-'.repeat(62)}`]) expect(isCustomerId(id)).toBe(true);
  });

  it('refuses anything else: capitals, a leading dash, paths, other characters, more than 63', () => {
    for (const id of ['', 'ACME', 'Acme', '-acme', '../etc', 'a/b', 'a_b', 'a.b', 'acme\n', ' acme', 'a'.repeat(64)]) expect(isCustomerId(id)).toBe(false);
  });
});

describe('the customer id definition', () => {
  it('is written once across the contracts; every other one refers to it', () => {
    const holders = readdirSync(schemasDir)
      .filter((f) => f.endsWith('.schema.json'))
      .filter((f) => readFileSync(new URL(f, schemasDir), 'utf8').includes(JSON.stringify(CUSTOMER_ID_PATTERN)));
    expect(holders).toEqual(['user-claims.schema.json']);
    const referring = readdirSync(schemasDir).filter(
      (f) => f.endsWith('.schema.json') && readFileSync(new URL(f, schemasDir), 'utf8').includes('user-claims.schema.json#/$defs/customerId'),
    );
    expect(referring).toEqual(
      expect.arrayContaining([
        'admin-preview-request.schema.json',
        'customer-list.schema.json',
        'flexcm-access.schema.json',
        'release-pilot.schema.json',
        'user-claims.schema.json',
      ]),
    );
  });
});
