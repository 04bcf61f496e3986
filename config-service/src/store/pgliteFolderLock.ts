import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { StartupError } from '../errors.ts';

/** Raised when another live process has the embedded database open (its pid, when the lock file names one yet). */
export class DatabaseInUseError extends StartupError {
  constructor(dir: string, pid?: number) {
    super(
      'CFG_STORE_IN_USE',
      `the embedded database in ${dir} is in use by ${pid ? `process ${pid}` : 'another process'}; stop it, or give this one another DATA_DIR (several replicas need DATABASE_URL)`,
    );
    this.name = 'DatabaseInUseError';
  }
}

/** Lock files this process holds. */
const heldHere = new Set<string>();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite has no locking of its own: two processes opening one folder would each write their own view
 * of it. A lock file holding the owner's pid keeps a second one out; a lock left by a process that
 * died is taken over. Returns the release function.
 */
export function lockFolder(dir: string): () => void {
  // Beside the folder, not in it: the folder is PostgreSQL's own.
  const file = `${dir.replace(/\/+$/, '')}.lock`;
  if (heldHere.has(file)) throw new DatabaseInUseError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8'));
      // Our own pid in a lock this process does not hold is a leftover from an earlier process that had
      // the same pid (containers often start as pid 1).
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) throw new DatabaseInUseError(dir, owner);
      rmSync(file, { force: true });
    }
  }
  // The lock came back after a dead owner's was removed: another process is taking the folder this very moment.
  throw new DatabaseInUseError(dir);
}
