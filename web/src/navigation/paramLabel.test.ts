import { describe, expect, it } from 'vitest';
import { paramLabel } from './paramLabel.ts';

describe('paramLabel', () => {
  it.each([
    ['domain', 'Domain'],
    ['site_id', 'Site id'],
    ['major_component_id', 'Major component id'],
    ['jobId', 'Job id'],
    ['projectId', 'Project id'],
    ['customerID', 'Customer id'],
    ['HTTPStatus', 'Http status'],
    ['plant-id', 'Plant id'],
    ['x', 'X'],
  ])('labels %s as "%s"', (name, label) => {
    expect(paramLabel(name)).toBe(label);
  });
});
