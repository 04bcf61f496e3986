// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '../../testing/codeMirrorLayout.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import JsonEditor from './JsonEditor.tsx';
import type { DraftProblem } from './typedFile.ts';

const TEXT = '{ "modules": [] }';

/** The editor as the draft screen holds it, with a button after it and one that replaces the text from outside. */
function Held({ problems = [], seen, focus }: { problems?: DraftProblem[]; seen: (text: string) => void; focus?: { from: number; at: number } }) {
  const [text, setText] = useState(TEXT);
  const change = (next: string) => {
    seen(next);
    setText(next);
  };
  return (
    <>
      <JsonEditor text={text} onChange={change} problems={problems} schema="registry" label="registry.json" focus={focus} />
      <button type="button" onClick={() => setText('{ "modules": ["lb"] }')}>
        Replace from outside
      </button>
    </>
  );
}

function jsonEditor(props: { problems?: DraftProblem[]; focus?: { from: number; at: number } } = {}) {
  const seen = vi.fn();
  const view = renderInApp(<Held {...props} seen={seen} />);
  return { ...view, seen, editor: () => screen.getByRole('textbox', { name: 'registry.json' }) };
}

describe('JsonEditor', () => {
  it('shows the file under its name, and reports what the user types', async () => {
    const { user, seen, editor } = jsonEditor();
    expect(editor().textContent).toBe(TEXT);
    await user.click(editor());
    await user.keyboard('{End} ');
    await waitFor(() => expect(seen).toHaveBeenLastCalledWith(`${TEXT} `));
  });

  it('takes text changed outside it (the exposure form, a rebase)', async () => {
    const { user, editor } = jsonEditor();
    await user.click(screen.getByRole('button', { name: 'Replace from outside' }));
    expect(editor().textContent).toBe('{ "modules": ["lb"] }');
  });

  it('lets Tab leave the editor, so a keyboard user is not trapped in it', async () => {
    const { user, editor } = jsonEditor();
    editor().focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Replace from outside' }));
  });

  it('marks the problems in the text', async () => {
    const problem = { from: 2, to: 11, pointer: '/modules', rule: 'schema:type', message: 'must be array' } as DraftProblem;
    jsonEditor({ problems: [problem] });
    await waitFor(() => expect(document.querySelector('.cm-lintRange-error')?.textContent).toBe('"modules"'));
  });

  it('takes the focus when a problem is chosen in the list', () => {
    const { editor } = jsonEditor({ focus: { from: 2, at: 1 } });
    expect(document.activeElement).toBe(editor());
  });
});
