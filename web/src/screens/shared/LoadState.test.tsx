// @vitest-environment jsdom
import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BackendUnavailableError } from '../../api/apiErrors.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { LoadState } from './LoadState.tsx';

/** A list screen as the screens write one: LoadState until the data is in, then the data. */
function Uploads({ load }: { load: () => Promise<string[]> }) {
  const uploads = useQuery({ queryKey: ['uploads'], queryFn: load });
  if (!uploads.data) return <LoadState what="the uploads" error={uploads.error} onRetry={() => void uploads.refetch()} />;
  return (
    <ul aria-label="Uploads">
      {uploads.data.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}

describe('LoadState', () => {
  it('says what is loading in a polite status', () => {
    renderInApp(<LoadState what="the uploads" />);
    expect(screen.getByRole('status').textContent).toBe('Loading the uploads…');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the error in an alert with Try again, which asks again', async () => {
    const retry = vi.fn();
    const { user } = renderInApp(<LoadState what="the uploads" error={new Error('cannot reach api.test')} onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain('Cannot load the uploads: cannot reach api.test');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('offers no retry when this deployment has no such backend, since asking again cannot help', () => {
    renderInApp(<LoadState what="the uploads" error={new BackendUnavailableError('main')} onRetry={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toContain('this deployment has no main service configured');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('gives way to the content once Try again succeeds', async () => {
    const load = vi.fn<() => Promise<string[]>>().mockRejectedValueOnce(new Error('service unavailable')).mockResolvedValue(['pumps.csv']);
    const { user } = renderInApp(<Uploads load={load} />);
    expect(screen.getByRole('status').textContent).toBe('Loading the uploads…');

    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('list', { name: 'Uploads' })).textContent).toBe('pumps.csv');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
