import { describe, expect, it } from 'vitest';
import catalogue from '@platform/schemas/screen-catalogue.json' with { type: 'json' };
import { screenCatalogue } from './registry.ts';

describe('screen catalogue', () => {
  it('lists exactly the screens and layouts the registry has, for npm run manifests:check', () => {
    expect([...catalogue.screens].sort()).toEqual([...screenCatalogue.screens].sort());
    expect([...catalogue.layouts].sort()).toEqual([...screenCatalogue.layouts].sort());
  });
});
