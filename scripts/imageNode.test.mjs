import { describe, expect, it } from 'vitest';
import { imageNodeLine, newestVersion } from './imageNode.mjs';

describe("the image's Node for CI", () => {
  it("takes the line from the runtime stage's FROM", () => {
    expect(imageNodeLine('FROM node:22-bookworm-slim AS build\nRUN npm ci\nFROM node:26-bookworm-slim AS runtime\n')).toBe('26');
    expect(imageNodeLine('from node:24.11.1-slim\n')).toBe('24');
  });

  it('refuses a runtime stage that is not a node:<major> image', () => {
    expect(() => imageNodeLine('FROM node:26-slim AS build\nFROM gcr.io/distroless/nodejs26\n')).toThrow(/not FROM node:<major>/);
    expect(() => imageNodeLine('FROM node:lts-slim\n')).toThrow(/not FROM node:<major>/);
    expect(() => imageNodeLine('# no stages\n')).toThrow(/no FROM/);
  });

  it('picks the newest release by number, not in the order npm lists them', () => {
    expect(newestVersion(['26.1.0', '26.10.0', '26.9.0', '26.8.2'])).toBe('26.10.0');
    expect(newestVersion([])).toBeUndefined();
  });
});
