import { describe, expect, it } from 'vitest';
import { toLocalHostedUi } from './localHostedUi.ts';

const http = { protocol: 'http:', host: 'localhost:8080', origin: 'http://localhost:8080' };

describe('toLocalHostedUi', () => {
  it("turns Amplify's https hosted UI address for this host back to this http origin", () => {
    expect(toLocalHostedUi('https://localhost:8080/oauth2/authorize?client_id=c', http)).toBe('http://localhost:8080/oauth2/authorize?client_id=c');
    expect(toLocalHostedUi('https://localhost:8080/oauth2/token', http)).toBe('http://localhost:8080/oauth2/token');
  });

  it('leaves every other address alone', () => {
    expect(toLocalHostedUi('https://auth.example.com/oauth2/token', http)).toBe('https://auth.example.com/oauth2/token');
    expect(toLocalHostedUi('https://localhost:8080/api/v1/manifest', http)).toBe('https://localhost:8080/api/v1/manifest');
    expect(toLocalHostedUi('https://localhost:8080.evil.example/oauth2/token', http)).toBe('https://localhost:8080.evil.example/oauth2/token');
  });

  it('changes nothing on an https page', () => {
    const https = { protocol: 'https:', host: 'platform.example.com', origin: 'https://platform.example.com' };
    expect(toLocalHostedUi('https://platform.example.com/oauth2/token', https)).toBe('https://platform.example.com/oauth2/token');
  });
});
