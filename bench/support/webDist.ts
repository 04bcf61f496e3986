import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The built web app the browser benchmarks serve: `web/dist`, built first (`npm run build`) when it is not there. */
export function builtWebDist(root: string, log: (line: string) => void): string {
  const dist = join(root, 'web/dist');
  if (!existsSync(join(dist, 'index.html'))) {
    log('web/dist is not built: npm run build');
    const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
  }
  return dist;
}
