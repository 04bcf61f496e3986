// Vitest global setup: one throwaway PostgreSQL server per run, shared by every test file, which
// reads its URL with inject('postgresUrl'). One server rather than one per file keeps the start-up
// cost (a few seconds) paid once; tests keep apart by using their own tables or schemas.
import { startTestPostgres } from './testPostgres.mjs';

/** Starts the server, provides its URL as 'postgresUrl' and answers the teardown that stops it. */
export default async function setup(project) {
  const { url, stop } = await startTestPostgres();
  project.provide('postgresUrl', url);
  return stop;
}
