// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { DraftProblemList } from './DraftProblemList.tsx';
import type { DraftProblem } from './typedFile.ts';
import type { DraftChecks } from './useDraftChecks.ts';

const syntax: DraftProblem = {
  file: 'lb.json',
  pointer: '',
  rule: 'json-syntax',
  message: 'a comma is expected at line 4',
  hint: 'fix the JSON',
  line: 4,
  column: 3,
  from: 40,
  to: 41,
  source: 'browser',
};
const checks = (over: Partial<DraftChecks>): DraftChecks => ({ problems: [], more: 0, flawedFiles: new Set(), state: 'pending', serviceError: null, ...over });

describe('DraftProblemList', () => {
  it('lists the problems found in the browser, each going to its place in the editor', async () => {
    const onJump = vi.fn();
    const { user } = renderInApp(<DraftProblemList checks={checks({ problems: [syntax], more: 2, state: 'browser' })} onJump={onJump} />);
    expect(screen.getByRole('status').textContent).toBe('3 problems in the files as typed:');
    expect(screen.getByRole('list', { name: 'Problems in the draft' }).textContent).toContain('[json-syntax] a comma is expected at line 4');
    expect(screen.getByText(/and 2 more problems, not listed/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'lb.json:4:3' }));
    expect(onJump).toHaveBeenCalledWith(syntax);
  });

  it('says the whole set is clean once the service has checked it', () => {
    renderInApp(<DraftProblemList checks={checks({ state: 'clean' })} onJump={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toBe('No problems: the service checked the whole set.');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says the service could not check the draft, and why', () => {
    renderInApp(<DraftProblemList checks={checks({ serviceError: new Error('the service is not reachable') })} onJump={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toBe('Could not check the draft with the service: the service is not reachable');
  });
});
