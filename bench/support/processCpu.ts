// CPU time a process has used, from /proc: what a request costs a server in its own CPU time, whatever
// else the machine is doing (throughput moves with every other process on the core; this does not).
import { readFileSync } from 'node:fs';

/** Linux's clock ticks a second for /proc/<pid>/stat (USER_HZ, 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100;

/** Microseconds of CPU (user and system, all threads) the process has used so far. */
export function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name and state.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1e6) / TICKS_PER_SECOND;
}
