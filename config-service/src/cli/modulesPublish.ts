// `npm run modules:publish -- --module lcc --version 1.4.2 --dir dist --reason "…" [--pilot acme,globex] [--dry-run]`
// (MODULE_USAGE in moduleArgs.ts): uploads a module's screen bundle and publishes a release naming it.
import { modulesPublish } from './publishModule.ts';

process.exit(await modulesPublish(process.argv.slice(2)));
