import { describe, expect, it } from 'vitest';
import { cpuMicros } from './processCpu.ts';

describe('cpuMicros', () => {
  it('grows by about the CPU time this process spends', () => {
    const before = cpuMicros(process.pid);
    const started = process.cpuUsage();
    const until = Date.now() + 300;
    let spin = 0;
    while (Date.now() < until) spin++;
    const used = process.cpuUsage(started);
    const spent = cpuMicros(process.pid) - before;
    expect(spin).toBeGreaterThan(0);
    // /proc counts in 10 ms ticks: within two ticks of Node's own count.
    expect(Math.abs(spent - (used.user + used.system))).toBeLessThanOrEqual(20_000 + 0.1 * (used.user + used.system));
  });
});
