#!/usr/bin/env node
// The image's HEALTHCHECK: exits 0 when the service on this machine answers /healthz with 2xx, else 1.
// A script rather than curl, which slim Node images do not have; it reads PORT as the service does.
const port = process.env.PORT || '8080';
const url = `http://127.0.0.1:${port}/healthz`;

try {
  // Shorter than the HEALTHCHECK's own timeout, so a hung service is reported as unhealthy, not as a timeout.
  const answer = await fetch(url, { signal: AbortSignal.timeout(4000) });
  if (!answer.ok) console.error(`${url} answered ${answer.status}`);
  process.exit(answer.ok ? 0 : 1);
} catch (error) {
  console.error(`${url} did not answer: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
