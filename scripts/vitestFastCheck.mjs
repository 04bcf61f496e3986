// Property tests (fast-check) run with one seed, so a CI run can be repeated exactly and a failure
// reproduced; FC_SEED=random explores new cases on each run (and prints the seed of any failure).
import fc from 'fast-check';

const seed = process.env.FC_SEED ?? '20261123';
if (seed !== 'random') fc.configureGlobal({ seed: Number(seed) });
