import { describe, expect, it } from 'vitest';
import { extensionFor } from './extensionFor.ts';

describe('extension for a content type', () => {
  it.each([
    ['text/csv', 'csv'],
    ['text/csv; charset=utf-8', 'csv'],
    ['Text/CSV', 'csv'],
    ['text/plain', 'txt'],
    ['application/json', 'json'],
    ['application/pdf', 'pdf'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
    ['image/jpeg', 'jpg'],
  ])('%s → .%s', (type, extension) => {
    expect(extensionFor(type)).toBe(extension);
  });

  it.each([['application/octet-stream'], ['made/up'], [''], [null], [undefined]])('names none for %s', (type) => {
    expect(extensionFor(type)).toBeUndefined();
  });
});
