/**
 * Hostile return addresses for sign-in: shared by the unit test of web/src/app/safeRedirect.ts and
 * the browser journeys of tests/redirects.spec.ts, so both judge the same strings. Pure data: no Node, DOM or Playwright imports, since both toolchains read it.
 */
export interface RedirectPayload {
  /** What the payload tries, for test titles. */
  label: string;
  value: string;
  /**
   * The same-origin path the payload may still lead to after sign-in, when one is harmless;
   * undefined when it must be dropped (the user goes to their landing page instead).
   */
  keeps?: string;
  /**
   * One the browser journeys walk on every channel (tests/redirects.spec.ts): a representative of each
   * class of trick below, chosen where the browser's own parsing has a say (it folds '\\' and dot
   * segments, drops tabs, maps full-width and ideographic characters, percent-encodes what it keeps).
   * The walk also takes every payload that keeps a path, flagged or not, since the browser then goes
   * there. The unit test of safeRedirect judges every payload; in the browser the rest of a class takes
   * the same path through the guard as its representative.
   */
  inBrowser?: boolean;
  /**
   * One of the three signed in through the real form on every channel: a dropped trick, a sign-in page
   * and a kept address. Signing in ends in the same guard as the signed-in walk, so the form needs to show
   * only that the carried address survives it, and what is dropped stays dropped.
   */
  viaForm?: boolean;
}

/** Longer than any return address the app follows (2048 characters). */
const LONG = 2100;

/** The corpus for a platform served from `origin` (some payloads imitate that origin). */
export function redirectCorpus(origin: string): RedirectPayload[] {
  const host = new URL(origin).host;
  return [
    // Scheme-relative addresses and the backslash spellings browsers read as them.
    { label: 'scheme-relative', value: '//evil.example' },
    { label: 'scheme-relative with a path', value: '//evil.example/asset-life' },
    { label: 'three slashes', value: '///evil.example' },
    { label: 'four slashes', value: '////evil.example/x' },
    { label: 'slash backslash', value: '/\\evil.example', inBrowser: true, viaForm: true },
    { label: 'two backslashes', value: '\\\\evil.example' },
    { label: 'backslash slash', value: '\\/evil.example' },
    { label: 'slash backslash slash', value: '/\\/evil.example' },
    { label: 'slash and two backslashes', value: '/\\\\evil.example' },
    { label: 'scheme-relative with a port', value: '//evil.example:443/x' },
    // Absolute addresses, including look-alikes of our own origin.
    { label: 'absolute https', value: 'https://evil.example/x', inBrowser: true },
    { label: 'absolute http', value: 'http://evil.example' },
    { label: 'upper-case scheme', value: 'HTTPS://EVIL.EXAMPLE/' },
    { label: 'scheme without slashes', value: 'https:evil.example' },
    { label: 'scheme with one slash', value: 'https:/evil.example' },
    { label: 'scheme with backslashes', value: 'http:\\\\evil.example' },
    { label: 'our origin as userinfo', value: `http://${host}@evil.example/` },
    { label: 'our origin as a subdomain', value: `${origin}.evil.example/asset-life` },
    { label: 'scheme-relative userinfo', value: `//${host}@evil.example`, inBrowser: true },
    { label: 'userinfo behind a backslash', value: `//evil.example\\@${host}` },
    { label: 'at sign in a path', value: '/@evil.example', keeps: '/@evil.example' },
    { label: 'our own absolute origin', value: `${origin}/asset-life` },
    // Script and data schemes.
    { label: 'javascript scheme', value: 'javascript:alert(1)' },
    { label: 'mixed-case javascript scheme', value: 'JaVaScRiPt:alert(1)' },
    { label: 'javascript after a space', value: ' javascript:alert(1)' },
    { label: 'javascript split by a tab', value: 'java\tscript:alert(1)', inBrowser: true },
    { label: 'javascript with an encoded newline', value: 'javascript://%0Aalert(1)' },
    { label: 'javascript as a path segment', value: '/javascript:alert(1)', keeps: '/javascript:alert(1)' },
    { label: 'data URL', value: 'data:text/html,<script>alert(1)</script>' },
    { label: 'base64 data URL', value: 'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==' },
    { label: 'vbscript scheme', value: 'vbscript:msgbox(1)' },
    // Percent-encoded and double-encoded spellings.
    { label: 'encoded slashes', value: '%2F%2Fevil.example', inBrowser: true },
    { label: 'encoded slashes after a slash', value: '/%2F%2Fevil.example' },
    { label: 'lower-case encoded slashes after a slash', value: '/%2f%2fevil.example' },
    { label: 'double-encoded slashes', value: '%252F%252Fevil.example' },
    { label: 'double-encoded slashes after a slash', value: '/%252F%252Fevil.example', inBrowser: true },
    { label: 'encoded slash then slash', value: '/%2F/evil.example' },
    { label: 'encoded backslash', value: '/%5Cevil.example' },
    { label: 'two encoded backslashes', value: '%5C%5Cevil.example' },
    { label: 'encoded tab', value: '/%09/evil.example' },
    { label: 'encoded CR LF header', value: '/%0D%0ALocation:%20https://evil.example' },
    // Dot segments the URL parser folds into '//host'.
    { label: 'dot segment', value: '/.//evil.example' },
    { label: 'encoded dot segment', value: '/%2e//evil.example', inBrowser: true },
    { label: 'encoded dot-dot segment', value: '/%2E%2E//evil.example' },
    { label: 'parent segment', value: '/x/..//evil.example' },
    // Control characters inside.
    { label: 'tab inside', value: '/\t/evil.example', inBrowser: true },
    { label: 'newline inside', value: '/\n/evil.example' },
    { label: 'CR LF inside', value: '/\r\n//evil.example' },
    { label: 'NUL inside', value: '/\u0000//evil.example', inBrowser: true },
    { label: 'NUL before', value: '\u0000//evil.example' },
    { label: 'backspace inside', value: '/\b/evil.example' },
    { label: 'DEL inside', value: '/\u007f/evil.example' },
    // Unicode look-alikes of '/', '\' and '.'.
    { label: 'fullwidth solidi', value: '\uff0f\uff0fevil.example' },
    { label: 'fullwidth solidus in a path', value: '/\uff0fevil.example', keeps: '/%EF%BC%8Fevil.example' },
    { label: 'division slashes', value: '\u2215\u2215evil.example' },
    { label: 'fraction slash in a path', value: '/\u2044evil.example', keeps: '/%E2%81%84evil.example' },
    { label: 'fullwidth reverse solidus', value: '/\uff3cevil.example', keeps: '/%EF%BC%BCevil.example' },
    { label: 'ideographic full stop host', value: 'https://evil\u3002example/', inBrowser: true },
    { label: 'fullwidth host letters', value: '//\uff45\uff56\uff49\uff4c.example' },
    // Back to the sign-in pages: after signing in these would loop, or sign the user out again.
    { label: 'login', value: '/login' },
    { label: 'login with a trailing slash', value: '/login/' },
    { label: 'upper-case login', value: '/LOGIN' },
    { label: 'login carrying itself', value: '/login?redirect=%2Flogin' },
    { label: 'login carrying a foreign address', value: '/login?redirect=//evil.example' },
    { label: 'sign-up page', value: '/Login/signup' },
    { label: 'encoded letter of login', value: '/%6Cogin', inBrowser: true },
    { label: 'logout', value: '/logout' },
    { label: 'mixed-case logout', value: '/LogOut', inBrowser: true, viaForm: true },
    // Too long, and not addresses at all.
    { label: `path over ${LONG} characters`, value: `/asset-life/${'a'.repeat(LONG)}` },
    { label: `query over ${LONG} characters`, value: `/asset-life?x=${'a'.repeat(LONG)}` },
    { label: 'short path that grows past the limit when encoded', value: `/${'\u00e9'.repeat(400)}`, inBrowser: true },
    { label: 'empty', value: '' },
    { label: 'blank', value: '   ' },
    { label: 'bare host name', value: 'evil.example' },
    { label: 'relative path', value: 'asset-life' },
    { label: 'fragment only', value: '#//evil.example', inBrowser: true },
    { label: 'query only', value: '?redirect=//evil.example' },
  ];
}

/** Legitimate same-origin addresses: each must be honoured, or the journeys prove nothing. */
export const SAME_ORIGIN_CONTROLS: readonly RedirectPayload[] = [
  { label: 'a module page with a query', value: '/asset-life?x=1', keeps: '/asset-life?x=1', viaForm: true },
  { label: 'a deep link with a query', value: '/asset-life/sites/S1?tab=notes', keeps: '/asset-life/sites/S1?tab=notes' },
];
