// Preloaded into a replica with NODE_OPTIONS=--import (which refuses --cpu-prof itself) when
// BENCH_CPU_PROF names a folder: profiles the whole process like --cpu-prof and writes
// <folder>/<pid>.cpuprofile at exit, for Chrome DevTools or speedscope.
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.BENCH_CPU_PROF;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  // A same-thread session answers synchronously, so this runs to the end inside 'exit'.
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
