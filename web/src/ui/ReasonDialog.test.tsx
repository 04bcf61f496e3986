// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { type ComponentProps, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../testing/renderInApp.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';

type Props = ComponentProps<typeof ReasonDialog>;

/** An opener as the screens write one: a button that mounts the dialog, which Escape or Cancel unmounts. */
function Opener({ onSubmit, explain }: Pick<Props, 'onSubmit' | 'explain'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Archive Plant 7
      </button>
      {open && (
        <ReasonDialog
          title="Archive Plant 7?"
          consequence="Its users can no longer sign in."
          submit="Archive"
          pending="Archiving…"
          danger
          missing="Say why you archive Plant 7: the reason goes to the audit log."
          failure="Could not archive Plant 7"
          explain={explain}
          onSubmit={onSubmit}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

async function open(props: Pick<Props, 'onSubmit' | 'explain'>) {
  const rendered = renderInApp(<Opener {...props} />);
  await rendered.user.click(screen.getByRole('button', { name: 'Archive Plant 7' }));
  return { ...rendered, dialog: screen.getByRole('dialog', { name: 'Archive Plant 7?' }) };
}

describe('ReasonDialog', () => {
  it('opens named by its question, says what the step does, and puts focus on the reason', async () => {
    const { dialog } = await open({ onSubmit: vi.fn() });
    expect(within(dialog).getByText('Its users can no longer sign in.')).toBeDefined();
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Reason' }));
  });

  it('closes on Escape and on Cancel without taking the step', async () => {
    const onSubmit = vi.fn();
    const { user } = await open({ onSubmit });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Archive Plant 7' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes no step without a reason, and says why at the field', async () => {
    const onSubmit = vi.fn();
    const { user, dialog } = await open({ onSubmit });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  ');
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('alert').textContent).toBe('Say why you archive Plant 7: the reason goes to the audit log.');
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Reason' }));
  });

  it('takes the step once with the trimmed reason, its button disabled while it runs', async () => {
    const onSubmit = vi.fn(() => new Promise(() => {}));
    const { user, dialog } = await open({ onSubmit });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), ' plant sold ');
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    const running = within(dialog).getByRole('button', { name: 'Archiving…' });
    expect(running).toHaveProperty('disabled', true);
    await user.click(running);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('plant sold');
  });

  it('shows the refusal inside the dialog, in the words given for it, and lets the step be taken again', async () => {
    const onSubmit = vi.fn(() => Promise.reject(new Error('CFG_ERR_ARCHIVED')));
    const explain = (refusal: unknown) => (refusal instanceof Error ? 'it is archived already' : refusal);
    const { user, dialog } = await open({ onSubmit, explain });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'plant sold');
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Could not archive Plant 7: it is archived already');
    expect(within(dialog).getByRole('button', { name: 'Archive' })).toHaveProperty('disabled', false);
  });

  it('shows the refusal as it came when given no words for it', async () => {
    const { user, dialog } = await open({ onSubmit: () => Promise.reject(new Error('the plant changed meanwhile')) });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'plant sold');
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Could not archive Plant 7: the plant changed meanwhile');
  });
});
