// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, BackendUnavailableError, NetworkError } from '../api/apiErrors.ts';
import { renderInApp } from '../testing/renderInApp.tsx';
import { ErrorNotice } from './ErrorNotice.tsx';

const alertText = () => within(screen.getByRole('alert')).getByRole('paragraph').textContent;

describe('ErrorNotice', () => {
  it('shows nothing while there is no error', () => {
    const { container } = renderInApp(<ErrorNotice title="Could not preview" error={undefined} />);
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says what could not be done and why, in the service's words", () => {
    const refused = new ApiError(409, { type: 'about:blank', title: 'Conflict', status: 409, code: 'CFG_ERR_CONFLICT', detail: 'the name is taken' });
    renderInApp(<ErrorNotice title="Could not rename Acme" error={refused} />);
    expect(alertText()).toBe('Could not rename Acme: the name is taken');
  });

  it('never shows "undefined" or an object for an error without words', () => {
    renderInApp(
      <>
        <ErrorNotice title="Could not save" error={new Error('')} />
        <ErrorNotice title="Could not load" error={{ reason: 'opaque' }} />
      </>,
    );
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Could not save: something went wrong; try again',
      'Could not load: something went wrong; try again',
    ]);
  });

  it('starts a sentence when the words stand alone', () => {
    renderInApp(<ErrorNotice error="cannot invite the user: the address is taken" />);
    expect(alertText()).toBe('Cannot invite the user: the address is taken');
  });

  it('offers Try again where asking again may help, and not where this deployment has no such backend', async () => {
    const retry = vi.fn();
    const { user, rerender } = renderInApp(<ErrorNotice title="Cannot load the uploads" error={new NetworkError('https://api.test/x')} onRetry={retry} />);
    expect(alertText()).toBe('Cannot load the uploads: cannot reach api.test: check the connection and try again');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
    rerender(<ErrorNotice title="Cannot load the uploads" error={new BackendUnavailableError('main')} onRetry={retry} />);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
