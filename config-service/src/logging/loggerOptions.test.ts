import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { LOG_FLUSH_MS } from './loggerOptions.ts';

const child = new URL('../testing/loggingChild.ts', import.meta.url).pathname;

describe("production's JSON lines on standard output", () => {
  it('reach standard output within a second on a quiet service, and every one before the process exits', async () => {
    const lines = 2_000;
    const proc = spawn(process.execPath, ['--import', 'tsx', child], { env: { ...process.env, LINES: String(lines) }, stdio: ['pipe', 'pipe', 'inherit'] });
    let output = '';
    proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => proc.once('exit', resolve));

    // One line, far under a batch: it goes out by the periodic flush, while the process lives on.
    await expect.poll(() => output.includes('"msg":"first"'), { timeout: LOG_FLUSH_MS * 5, interval: 50 }).toBe(true);
    expect(proc.exitCode).toBeNull();

    // Many lines, then process.exit at once: none of what was waiting is lost.
    proc.stdin.write('go\n');
    expect(await exited).toBe(0);
    const numbered = output
      .split('\n')
      .filter((line) => line.includes('"msg":"numbered"'))
      .map((line) => (JSON.parse(line) as { n: number }).n);
    expect(numbered).toEqual(Array.from({ length: lines }, (_, i) => i));
  });
});
