// Test support: a process logging as the service does in production (JSON to standard output), for
// tests of what reaches standard output and when. Logs "first" at once; on a line on standard input,
// logs LINES numbered lines and exits at once with process.exit, as the shutdown path does.
import Fastify from 'fastify';
import { loggerOptions } from '../logging/loggerOptions.ts';

const app = Fastify({ logger: loggerOptions({ level: 'info', pretty: false }) });
app.log.info('first');
process.stdin.once('data', () => {
  for (let i = 0; i < Number(process.env.LINES); i++) app.log.info({ n: i }, 'numbered');
  process.exit(0);
});
