// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../testing/renderInApp.tsx';
import { ReasonField } from './ReasonField.tsx';
import { useReason } from './useReason.ts';

/** A step as the screens write one: a reason field, and a button that takes the step only with a reason. */
function Step({ take }: { take: (why: string) => void }) {
  const reason = useReason();
  return (
    <>
      <ReasonField {...reason.field} label="Reason for the change" />
      <button
        type="button"
        onClick={() => {
          const why = reason.require('Say why, before switching a module.');
          if (why) take(why);
        }}
      >
        Switch
      </button>
      <button type="button" onClick={reason.clear}>
        Done
      </button>
    </>
  );
}

describe('ReasonField with useReason', () => {
  it('takes no step without a reason: it says why under the field and puts the focus there', async () => {
    const take = vi.fn();
    const { user } = renderInApp(<Step take={take} />);
    await user.type(screen.getByRole('textbox', { name: 'Reason for the change' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Switch' }));

    expect(take).not.toHaveBeenCalled();
    const field = screen.getByRole('textbox', { name: 'Reason for the change' });
    expect(screen.getByRole('alert').textContent).toBe('Say why, before switching a module.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(document.activeElement).toBe(field);
  });

  it('takes the step with the reason trimmed, and the message goes once there is one', async () => {
    const take = vi.fn();
    const { user } = renderInApp(<Step take={take} />);
    await user.click(screen.getByRole('button', { name: 'Switch' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason for the change' }), '  contract ended ');
    await user.click(screen.getByRole('button', { name: 'Switch' }));

    expect(take).toHaveBeenCalledExactlyOnceWith('contract ended');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Reason for the change' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('empties the field when cleared, ready for the next step', async () => {
    const { user } = renderInApp(<Step take={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Reason for the change' }), 'pilot starts');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('textbox', { name: 'Reason for the change' })).toHaveProperty('value', '');
  });
});
