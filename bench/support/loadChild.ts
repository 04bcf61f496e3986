// One autocannon run, in a process of its own so it can be pinned to a CPU the server does not use.
// Reads its options as JSON from argv[2]; prints the summary as JSON on the last line of stdout.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]!) as {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  method?: 'POST';
  body?: string;
};
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.seconds,
  headers: options.headers,
  ...(options.method ? { method: options.method, body: options.body } : {}),
});
const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, (stats as { count: number }).count]));
console.log(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
  }),
);
