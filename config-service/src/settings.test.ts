import { describe, expect, it } from 'vitest';
import { backendVariable, DEFAULT_RATE_LIMITS, readSettings, SettingsError } from './settings.ts';

const local = { ENVIRONMENT: 'local' };
const production = { ENVIRONMENT: 'production', COGNITO_USER_POOL_ID: 'eu-west-1_abc', COGNITO_CLIENT_ID: 'client' };

describe('backend bases', () => {
  it('names each variable after its backend', () => {
    expect(backendVariable('main')).toBe('API_BASE_MAIN');
    expect(backendVariable('coldStartPublic')).toBe('API_BASE_COLD_START_PUBLIC');
    expect(backendVariable('technicalDashboard')).toBe('API_BASE_TECHNICAL_DASHBOARD');
  });

  it('points main at the local main API in local mode, and leaves the rest unset', () => {
    const { backends, localMainApi } = readSettings(local);
    expect(localMainApi).toBe(true);
    expect(backends.main).toBe('/api/main');
    expect(backends.rail).toBeNull();
  });

  it('takes every base from the environment, without a trailing slash', () => {
    const { backends, localMainApi } = readSettings({ ...production, API_BASE_MAIN: 'https://api.example.com/main/', API_BASE_RAIL: '/rail' });
    expect(localMainApi).toBe(false);
    expect(backends.main).toBe('https://api.example.com/main');
    expect(backends.rail).toBe('/rail');
    expect(backends.lifex).toBeNull();
  });

  it('refuses a base that is not an http(s) address or a path, naming the variable', () => {
    expect(() => readSettings({ ...production, API_BASE_LIFE_COST: 'javascript:alert(1)' })).toThrow(SettingsError);
    expect(() => readSettings({ ...production, API_BASE_LIFE_COST: 'ftp://x' })).toThrow(/API_BASE_LIFE_COST/);
  });
});

describe('messaging', () => {
  it('uses the local sink in local mode, Pinpoint when a project is named, else nothing', () => {
    expect(readSettings(local).messaging).toEqual({ kind: 'local' });
    expect(readSettings({ ...production, PINPOINT_APP_ID: 'app-1' }).messaging).toEqual({ kind: 'pinpoint', appId: 'app-1', region: 'us-east-1' });
    expect(readSettings(production).messaging).toBeNull();
  });
});

describe('artifact signing key', () => {
  it('is optional in local mode, required for the local main API elsewhere, and must be long enough', () => {
    expect(readSettings(local).artifactSigningKey).toBeUndefined();
    expect(() => readSettings({ ...production, LOCAL_MAIN_API: 'true' })).toThrow(/ARTIFACT_SIGNING_KEY/);
    const key = Buffer.alloc(32, 9).toString('base64');
    expect(readSettings({ ...production, LOCAL_MAIN_API: 'true', ARTIFACT_SIGNING_KEY: key }).artifactSigningKey).toEqual(Buffer.alloc(32, 9));
    expect(() => readSettings({ ...local, ARTIFACT_SIGNING_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/at least 32 bytes/);
  });
});

describe('CORS origins', () => {
  it('names none by default, and takes a comma-separated list of exact origins', () => {
    expect(readSettings(local).corsOrigins).toEqual([]);
    expect(readSettings({ ...local, CORS_ORIGINS: 'https://portal.example.com, http://localhost:5173,https://portal.example.com' }).corsOrigins).toEqual(['https://portal.example.com', 'http://localhost:5173']);
  });

  it.each(['*', 'https://*.example.com', 'https://portal.example.com/', 'https://portal.example.com/app', 'portal.example.com', 'ftp://portal.example.com', 'null'])('refuses %s, naming the variable', (value) => {
    expect(() => readSettings({ ...local, CORS_ORIGINS: value })).toThrow(/CORS_ORIGINS/);
  });
});

describe('rate limits', () => {
  it('has defaults, takes whole numbers per minute, and 0 for no limit', () => {
    expect(readSettings(local).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(readSettings({ ...local, RATE_LIMIT_SIGN_IN: '20', RATE_LIMIT_ADMIN_WRITES: '0' }).rateLimits).toEqual({ signInPerMinute: 20, adminWritesPerMinute: 0 });
  });

  it.each([
    ['RATE_LIMIT_SIGN_IN', '-1'],
    ['RATE_LIMIT_SIGN_IN', 'lots'],
    ['RATE_LIMIT_ADMIN_WRITES', '1.5'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => readSettings({ ...local, [name]: value })).toThrow(new RegExp(name));
  });
});
