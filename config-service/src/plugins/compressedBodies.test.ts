import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { codedTag, CompressedBodies } from './compressedBodies.ts';

const body = JSON.stringify({ routes: Array.from({ length: 200 }, (_, i) => ({ path: `/module-${i}`, title: `Module ${i}` })) });

describe('CompressedBodies', () => {
  it('compresses a body once; later requests get the same bytes without waiting', async () => {
    const bodies = new CompressedBodies();
    const first = bodies.get('"a"', body, 'br');
    expect(Buffer.isBuffer(first)).toBe(false);
    const made = await first;
    expect(brotliDecompressSync(made).toString()).toBe(body);
    expect(made.length).toBeLessThan(body.length / 5);
    // Same tag, whoever asks: the bytes themselves, the very same ones.
    expect(bodies.get('"a"', 'not looked at', 'br')).toBe(made);
  });

  it('keeps each coding apart, and each tag', async () => {
    const bodies = new CompressedBodies();
    const gzipped = await bodies.get('"a"', body, 'gzip');
    expect(gunzipSync(gzipped).toString()).toBe(body);
    const other = await bodies.get('"b"', `${body} `, 'gzip');
    expect(gunzipSync(other).toString()).toBe(`${body} `);
    expect(brotliDecompressSync(await bodies.get('"a"', body, 'br')).toString()).toBe(body);
  });

  it('tags each coding as a representation of its own', () => {
    expect(codedTag('"abc"', 'br')).toBe('"abc-br"');
    expect(codedTag('"abc"', undefined)).toBe('"abc"');
  });
});
