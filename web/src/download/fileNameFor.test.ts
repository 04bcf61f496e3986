import { describe, expect, it } from 'vitest';
import { fileNameFor } from './fileNameFor.ts';

describe('downloaded file names', () => {
  it.each([
    ['users', 'text/csv', 'users.csv'],
    ['users', 'text/csv; charset=utf-8', 'users.csv'],
    ['report', 'application/pdf', 'report.pdf'],
    ['register', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'register.xlsx'],
    ['photo', 'image/jpeg', 'photo.jpg'],
    ['users.csv', 'text/csv', 'users.csv'],
    ['USERS.CSV', 'text/csv', 'USERS.CSV'],
    ['data.', 'application/json', 'data.json'],
    ['archive', 'application/octet-stream', 'archive'],
    ['archive', '', 'archive'],
    ['archive', 'made/up', 'archive'],
    ['readme.md', 'text/plain', 'readme.md'],
    ['model.onnx', 'application/octet-stream', 'model.onnx'],
  ])('%s as %s → %s', (name, type, expected) => {
    expect(fileNameFor(name, type)).toBe(expected);
  });
});
