// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PilotHealth as Health } from '@platform/schemas';
import { fakePlatform, problem } from '../../testing/fakePlatform.ts';
import { STAFF } from '../../testing/releaseFixtures.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { PilotHealth } from './PilotHealth.tsx';

const minute = (m: number) => `2026-11-28T10:0${m}:00.000Z`;
const figures = (opens: number, failures: number, p75OpenMs: number | null) => ({
  opens,
  failures,
  failureRate: opens ? failures / opens : null,
  p75OpenMs,
});

const HEALTH: Health = {
  pilot: { release: 'b'.repeat(32), customers: ['acme'], startedAt: minute(0), guard: { maxErrorRate: 0.05, minOpens: 20 } },
  modules: [
    {
      moduleKey: 'lcc',
      pilotBundle: '1.1.0',
      controlBundle: null,
      pilot: figures(8, 2, 180),
      control: figures(40, 0, 95),
      counted: { pilot: { opens: 8, failures: 2, users: 2, failingUsers: 1 }, control: { opens: 35, failures: 0, users: 7, failingUsers: 0 } },
      series: {
        pilot: [
          { minute: minute(1), opens: 5, failures: 1, p75OpenMs: 170 },
          { minute: minute(2), opens: 3, failures: 1, p75OpenMs: 190 },
        ],
        control: [{ minute: minute(1), opens: 40, failures: 0, p75OpenMs: 95 }],
      },
      verdict: 'too-few-opens',
    },
  ],
};

function health(answer: unknown) {
  fakePlatform({ user: STAFF, serve: (request) => (request.url.pathname === '/api/v1/admin/releases/pilot/health' ? answer : undefined) });
  return renderInApp(<PilotHealth />);
}

describe('PilotHealth', () => {
  it("shows each module the pilot changes, its users' figures beside everyone else's, and the guard's settings", async () => {
    health(HEALTH);
    const module = await screen.findByRole('region', { name: 'lcc: compiled-in screens → bundle 1.1.0' });
    expect(screen.getByTestId('pilot-guard').textContent).toBe(
      'Guard running: the pilot ends by itself when a screen it changes fails for more than 5% of at least 20 opens among its users, and more often than for everyone else. ' +
        "It counts the first 5 opens of each user, and never ends the pilot on one user's failures alone.",
    );
    expect(within(module).getByText("Too few opens to judge yet: the guard waits for 20 among the pilot's users, counting at most 5 of each.")).toBeDefined();
    const rows = within(module).getByRole('table', { name: 'Figures of lcc since the pilot began' }).querySelectorAll('tbody tr');
    expect([...rows].map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ["Pilot's users", 'bundle 1.1.0', '8', '2', '25%', '180 ms', '8 opens of 2 users, 2 failed (1 user)'],
      ['Everyone else', 'compiled-in screens', '40', '0', '0%', '95 ms', '35 opens of 7 users'],
    ]);
  });

  it('draws the running failure rate of both groups and the guard’s line, described in words', async () => {
    health(HEALTH);
    const chart = await screen.findByRole('img', { name: /Failure rate since the pilot began/ });
    expect(chart.getAttribute('aria-labelledby')?.split(' ')).toHaveLength(2);
    expect(within(chart).getByText("Pilot's users: 25% of 8 opens failed. Everyone else: 0% of 40 opens failed.")).toBeDefined();
    // Two points for the pilot (1 of 5, then 2 of 8), one for the others; the guard's line at 5%.
    expect(chart.querySelector('polyline.pilot-line')?.getAttribute('points')?.split(' ')).toHaveLength(2);
    expect(chart.querySelector('polyline.control-line')?.getAttribute('points')?.split(' ')).toHaveLength(1);
    expect(chart.querySelector('.guard-line')).not.toBeNull();
    expect(screen.getByText('Guard at 5%')).toBeDefined();
  });

  it('gives the same figures a minute at a time in a table', async () => {
    const { user } = health(HEALTH);
    await user.click(await screen.findByText('Minute by minute'));
    const rows = screen.getByRole('table', { name: 'Opens and failures of lcc a minute at a time' }).querySelectorAll('tbody tr');
    expect([...rows].map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['10:01', '5', '1', '40', '0'],
      ['10:02', '3', '1', '0', '0'],
    ]);
  });

  it('says when a module fails with the guard on, and when there is no guard', async () => {
    health({ ...HEALTH, pilot: { ...HEALTH.pilot!, guard: null }, modules: [{ ...HEALTH.modules[0]!, verdict: 'failing' }] });
    expect(await screen.findByText('Failing more than everyone else. There is no guard: end the pilot if its users are affected.')).toBeDefined();
    expect(screen.getByTestId('pilot-guard').textContent).toBe('No guard: the pilot runs until it is ended or promoted.');
    expect(screen.queryByRole('img')).not.toBeNull();
    expect(document.querySelector('.guard-line')).toBeNull();
  });

  it('says when the pilot changes no module’s screens', async () => {
    health({ ...HEALTH, modules: [] });
    expect(await screen.findByText("The pilot changes no module's screens: there is nothing to watch.")).toBeDefined();
  });

  it('offers to try again when the figures cannot be loaded', async () => {
    health(problem(503, 'CFG_ERR_STORE_UNAVAILABLE', 'the store is down'));
    expect(await screen.findByRole('button', { name: /Try again/ })).toBeDefined();
  });
});
