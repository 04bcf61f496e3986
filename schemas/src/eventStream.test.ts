import { describe, expect, it } from 'vitest';
import { receivesEventStream } from './eventStream.ts';
import { STAFF_ROLE } from './roles.ts';

describe('receivesEventStream', () => {
  it('gives staff a stream with or without a customer in context', () => {
    expect(receivesEventStream(STAFF_ROLE, null)).toBe(true);
    expect(receivesEventStream(STAFF_ROLE, 'acme')).toBe(true);
  });

  it('gives anyone else a stream only with a customer in context', () => {
    expect(receivesEventStream('engineer', 'acme')).toBe(true);
    expect(receivesEventStream('engineer', null)).toBe(false);
    expect(receivesEventStream(null, undefined)).toBe(false);
  });
});
