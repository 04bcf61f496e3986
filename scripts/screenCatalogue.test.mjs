import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, screenCatalogueText } from './screenCatalogue.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');

describe('the screen catalogue', () => {
  it('is the one generated from the screen registry (npm run schemas:generate)', () => {
    expect(readFileSync(join(root, CATALOGUE), 'utf8')).toBe(screenCatalogueText(root));
  });

  it('lists the screens a manifest names and the frame layouts', () => {
    const catalogue = JSON.parse(screenCatalogueText(root));
    expect(catalogue.screens).toEqual(expect.arrayContaining(['auth.login', 'shell.profile', 'dash.settingsUsers']));
    expect(catalogue.layouts).toEqual(['shell.frame', 'auth.layout']);
  });
});
