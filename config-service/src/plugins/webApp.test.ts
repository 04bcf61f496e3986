import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webApp, { cacheControlFor } from './webApp.ts';
import { tempFolders } from '../testing/tempFolders.ts';

const tempFolder = tempFolders();

const SCRIPT = `export const answer = ${JSON.stringify('forty-two '.repeat(200))};\n`;
const CHUNK = '/assets/index-D0ZPucq9.js';

let app: FastifyInstance;

beforeAll(async () => {
  const root = tempFolder('web-app-');
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>');
  writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(root, CHUNK), SCRIPT);
  writeFileSync(join(root, `${CHUNK}.br`), brotliCompressSync(SCRIPT));
  writeFileSync(join(root, `${CHUNK}.gz`), gzipSync(SCRIPT));
  app = Fastify();
  await app.register(webApp, { webRoot: root, directives: { 'script-src': ["'self'"] } });
  await app.ready();
});
afterAll(() => app.close());

describe('cacheControlFor', () => {
  it.each([
    ['/assets/index-D0ZPucq9.js', 'public, max-age=31536000, immutable'],
    ['/assets/index-CPsXX0zN.css', 'public, max-age=31536000, immutable'],
    ['/assets/GenericScreen-liNaz-Nh.js.br', 'public, max-age=31536000, immutable'],
    ['/favicon.svg', 'no-cache'],
    ['/assets/logo.svg', 'no-cache'],
    ['/robots.txt', 'no-cache'],
  ])('%s: %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });
});

describe('the built app', () => {
  it('sends the brotli copy of a script to a browser that takes brotli, as a script', async () => {
    const res = await app.inject({ url: CHUNK, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);
  });

  it('sends the gzip copy where brotli is not accepted, the file itself where nothing is', async () => {
    const gz = await app.inject({ url: CHUNK, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzipSync(SCRIPT))).toBe(true);
    const plain = await app.inject({ url: CHUNK, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(SCRIPT);
  });

  it('lets a browser keep a file with a hashed name for a year, and asks again for any other', async () => {
    const hashed = await app.inject({ url: CHUNK, headers: { 'accept-encoding': 'br' } });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await app.inject({ url: '/favicon.svg' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('claims no encoding for a file it does not have', async () => {
    const res = await app.inject({ url: '/assets/index-gone1234.js', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).not.toMatch(/javascript/);
  });

  it('sends the page itself only through the nonce, never as a cached file', async () => {
    const file = await app.inject({ url: '/index.html', headers: { 'accept-encoding': 'br' } });
    expect(file.headers['content-security-policy']).toMatch(/'nonce-/);
    expect(file.headers['cache-control']).toBe('no-cache');
    const page = await app.inject({ url: '/login' });
    expect(page.payload).toMatch(/<script nonce="[^"]+">window.__nonce__=/);
  });

  it('answers a missing built file, or the icon browsers guess at, with 404 rather than the page', async () => {
    for (const url of ['/assets/index-Gone1234.js', '/favicon.ico']) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type'], url).toMatch(/^application\/problem\+json/);
    }
    expect((await app.inject({ url: '/assets-and-more' })).headers['content-type']).toMatch(/^text\/html/);
  });
});
