import { describe, expect, it } from 'vitest';
import { BACKENDS } from './backends.ts';
import { publicConfigSchema } from './generated/public-config.ts';

describe('the backends', () => {
  it('are the ones the public configuration describes, each with its base address and its region', () => {
    const { backends, backendRegions } = publicConfigSchema.properties;
    expect(Object.keys(backends.properties)).toEqual([...BACKENDS]);
    expect([...backendRegions.required]).toEqual([...BACKENDS]);
    expect(Object.keys(backendRegions.properties)).toEqual([...BACKENDS]);
  });
});
