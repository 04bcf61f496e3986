import { execFileSync } from 'node:child_process';
import { cpus, release, totalmem } from 'node:os';

/** The machine and code a set of figures came from: figures mean little without it. */
export function describeMachine(root: string) {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  };
  const cores = cpus();
  return {
    cpu: cores[0]?.model ?? 'unknown',
    cores: cores.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    kernel: release(),
    node: process.version,
    commit: git('rev-parse', '--short', 'HEAD'),
    uncommittedChanges: git('status', '--porcelain', '--untracked-files=no') !== '',
  };
}
