// The hardening groups `npm test` reports tests for. A test belongs to a group by the tag it carries
// (vitest: `// @module-tag hardening/…` in the file, or `tags` on a describe; Playwright: `tag: '@hardening/…'`
// on a describe), so the runners' own reports say which group each test is in (decision 0034).
// The vitest configs declare these tags (vitest refuses a tag it was not told of); Playwright needs no list.

/** Each group's tag, the name `npm test` prints, and what its tests hold the platform to. */
export const HARDENING_GROUPS = [
  { tag: 'hardening/tokens', name: 'tokens', description: 'every route that needs sign-in refuses every hostile token' },
  { tag: 'hardening/tenants-and-roles', name: 'tenants and roles', description: "no customer reaches another's data; only staff reach staff routes" },
  { tag: 'hardening/redirects', name: 'redirects', description: 'sign-in only ever leads to a path on our own origin' },
  { tag: 'hardening/input', name: 'input', description: 'whatever a body, a manifest or an address holds, it is refused or handled, never thrown' },
  { tag: 'hardening/faults', name: 'faults', description: 'a service or the database down, or the service killed: users see why, nothing is half written' },
  { tag: 'hardening/load', name: 'load', description: 'the manifest endpoint under load: no error, memory that does not climb' },
  { tag: 'hardening/headers-and-limits', name: 'headers and limits', description: 'security headers, closed CORS, rate limits' },
  { tag: 'hardening/accessibility', name: 'accessibility', description: 'WCAG 2.1 A and AA by axe, and the keyboard alone' },
];

/** The groups as vitest's `tags` option declares them. */
export const vitestTags = HARDENING_GROUPS.map(({ tag, description }) => ({ name: tag, description }));
