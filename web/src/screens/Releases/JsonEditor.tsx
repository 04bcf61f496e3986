import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { lintKeymap, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { moduleManifestSchema, moduleRegistrySchema } from '@platform/schemas';
import type { DraftProblem } from './typedFile.ts';
import { schemaCompletion } from './schemaCompletion.ts';

export interface JsonEditorProps {
  text: string;
  onChange: (text: string) => void;
  /** The file's problems, marked in the text. */
  problems: readonly DraftProblem[];
  /** Which schema completes the file: a module's manifest or registry.json. */
  schema: 'module' | 'registry';
  /** The editor's accessible name. */
  label: string;
  /** Where to put the cursor (a problem chosen in the list); `at` changes each time it is asked. */
  focus?: { from: number; at: number };
}

/**
 * The page's per-response nonce (plugins/webApp.ts sets window.__nonce__): CodeMirror writes its
 * styles into a <style> element where the browser has no constructable style sheets, and the policy's
 * style-src allows only that nonce.
 */
const pageNonce = () => (globalThis as { __nonce__?: string }).__nonce__ ?? '';

const diagnostics = (problems: readonly DraftProblem[], length: number): Diagnostic[] =>
  problems.map((p) => ({
    from: Math.min(p.from, length),
    to: Math.min(Math.max(p.to, p.from), length),
    severity: 'error',
    source: p.rule,
    message: `${p.pointer || '/'} [${p.rule}] ${p.message}`,
  }));

/** A CodeMirror 6 JSON editor with completion from a JSON Schema and the draft's problems marked. */
export default function JsonEditor({ text, onChange, problems, schema, label, focus }: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The latest callback, read by the one update listener the editor is made with.
  const changed = useRef(onChange);
  changed.current = onChange;

  // One editor per file (the screen keys it by file); later text comes in through the effect below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: made once; text, schema and label at that moment are its starting state
  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: text,
        extensions: [
          lineNumbers(),
          history(),
          drawSelection(),
          highlightActiveLine(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          syntaxHighlighting(defaultHighlightStyle),
          json(),
          autocompletion({ override: [schemaCompletion(schema === 'registry' ? moduleRegistrySchema : moduleManifestSchema)] }),
          // No Tab binding: Tab leaves the editor, so a keyboard user is never trapped in it.
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, ...lintKeymap]),
          EditorView.cspNonce.of(pageNonce()),
          // CodeMirror's grey line numbers (#6c6c6c on #f5f5f5) fall short of AAA contrast (issue 35: axe with every rule).
          EditorView.theme({ '.cm-gutters': { color: 'var(--ink-soft)' } }),
          // The content is focusable as contenteditable; said explicitly, axe also sees that the scroller around it can be reached by keyboard.
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  // Text changed outside the editor (the exposure form, a rebase): replace it, keeping the cursor near.
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === text) return;
    const head = Math.min(editor.state.selection.main.head, text.length);
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text }, selection: { anchor: head } });
  }, [text]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new text clears the marks, so they are set again after it
  useEffect(() => {
    const editor = view.current;
    if (editor) editor.dispatch(setDiagnostics(editor.state, diagnostics(problems, editor.state.doc.length)));
  }, [problems, text]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || !focus) return;
    const at = Math.min(focus.from, editor.state.doc.length);
    editor.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
    editor.focus();
  }, [focus]);

  return <div ref={host} className="json-editor" />;
}
