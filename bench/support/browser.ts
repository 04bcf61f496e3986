// One way to start Chromium for the benchmarks that drive the web app: the system's Chromium, quiet
// (no background fetches that would add requests or CPU to a measurement), and on a CPU of its own
// when asked, so the page and the service (pinned to CPU 0) do not share a core.
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH as SYSTEM_CHROMIUM } from '../../tests/support/chromium.ts';

const TASKSET = '/usr/bin/taskset';

/**
 * An executable that runs Chromium on one CPU. Playwright puts its own switches before the caller's,
 * so `taskset` cannot be the executable with Chromium among the args: a two-line script can.
 */
function pinnedChromium(executable: string, cpu: number): string {
  const script = join(mkdtempSync(join(tmpdir(), 'bench-chromium-')), 'chromium');
  writeFileSync(script, `#!/bin/sh\nexec ${TASKSET} -c ${cpu} ${JSON.stringify(executable)} "$@"\n`);
  chmodSync(script, 0o755);
  return script;
}

export interface LaunchedBrowser {
  browser: Browser;
  /** The CPU Chromium and its child processes run on; undefined: wherever the system puts them. */
  pinnedTo: number | undefined;
}

/** Launches the system's Chromium (else Playwright's own), pinned to `cpu` where taskset is there. */
export async function launchChromium(options: { cpu?: number } = {}): Promise<LaunchedBrowser> {
  const system = existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined;
  const pin = options.cpu !== undefined && system !== undefined && existsSync(TASKSET) ? options.cpu : undefined;
  const executablePath = system && pin !== undefined ? pinnedChromium(system, pin) : system;
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  return { browser, pinnedTo: pin };
}
