// Debian's Chromium as the end-to-end tests and the benchmarks launch it. The switches keep it from
// reaching out (this machine's network is closed) or doing background work of its own. It resolves no
// host name but localhost and 127.0.0.1 (where the benchmarks serve), so an address elsewhere (the
// hostile redirects of redirects.spec.ts) fails at once and never leaves the machine, without request
// interception, which would turn off the cache.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];
