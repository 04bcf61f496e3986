import { useQuery } from '@tanstack/react-query';
import { Fragment, lazy, Suspense, useId, useState } from 'react';
import { KNOWN_ENVIRONMENTS, KNOWN_ROLES, type ModuleManifest, type Release, type ReleaseState } from '@platform/schemas';
import { adminModulesQuery } from '../../api/admin.ts';
import { publicConfigQuery } from '../../api/publicConfig.ts';
import { ViewAsUser } from '../shared/ViewAsUser.tsx';
import { ago } from '../../ui/relativeTime.ts';
import { BaseMoved } from './BaseMoved.tsx';
import { draftFiles } from './releaseDraft.ts';
import type { DraftProblem } from './typedFile.ts';
import { DraftProblemList } from './DraftProblemList.tsx';
import { ExposureForm } from './ExposureForm.tsx';
import { editFileText, exposureOf, routeRows, withExposure, withRouteRoles } from './manifestEdits.ts';
import { PublishDraft } from './PublishDraft.tsx';
import { RouteRolesTable } from './RouteRolesTable.tsx';
import { useDraftChecks } from './useDraftChecks.ts';
import { useReleaseDraft } from './useReleaseDraft.ts';

// CodeMirror is a chunk of its own, fetched by this screen alone.
const JsonEditor = lazy(() => import('./JsonEditor.tsx'));

const REGISTRY_FILE = 'registry.json';

function parsedModule(text: string | undefined): ModuleManifest | undefined {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as ModuleManifest);
  } catch {
    return undefined;
  }
}

/** The module files in the registry's order, then the frame's and any other file. */
function fileOrder(texts: Readonly<Record<string, string>>): string[] {
  let registered: string[] = [];
  try {
    registered = (JSON.parse(texts[REGISTRY_FILE] ?? '{}') as { modules?: string[] }).modules?.map((k) => `${k}.json`) ?? [];
  } catch {
    registered = [];
  }
  const names = Object.keys(texts).sort();
  return [...registered.filter((f) => names.includes(f)), ...names.filter((f) => !registered.includes(f))];
}

/** The editor of one draft: pick a file, edit its exposure and page roles in a form or its JSON, see problems and previews, publish. */
interface Props {
  sub: string;
  base: Release;
  active: string;
  /** The file being edited, kept in the address by the screen (undefined: the first module). */
  file: string | undefined;
  onFileChange: (file: string) => void;
  onRebased: (onto: string, bothChanged: string[]) => void;
  onPublished: (release: string) => void;
}

export function DraftEditor({ sub, base, active, file: chosenFile, onFileChange, onRebased, onPublished }: Props) {
  const id = useId();
  const { draft, restoredFrom, keptFailed, changed, setText, discard } = useReleaseDraft(sub, base);
  const checks = useDraftChecks(draft.texts);
  const modules = useQuery({ ...adminModulesQuery, refetchInterval: false });
  const productName = useQuery(publicConfigQuery).data?.productName ?? '';
  const displayName = (name: string) => name.replaceAll('{product}', productName);
  const files = fileOrder(draft.texts);
  const file = chosenFile !== undefined && chosenFile in draft.texts ? chosenFile : (files[0] ?? REGISTRY_FILE);
  const setFile = onFileChange;
  const [focus, setFocus] = useState<{ from: number; at: number } | undefined>();
  const [conflict, setConflict] = useState<{ storedAs: string; current: ReleaseState } | undefined>();
  const text = draft.texts[file] ?? '';
  const manifest = file === REGISTRY_FILE ? undefined : parsedModule(text);
  const formUsable = manifest && !checks.flawedFiles.has(file);
  const nameOf = (name: string) => displayName(parsedModule(draft.texts[name])?.name ?? name);
  const edit = (change: (m: ModuleManifest) => ModuleManifest) => setText(file, editFileText(text, change));
  const jump = (problem: DraftProblem) => {
    setFile(problem.file);
    setFocus({ from: problem.from, at: Date.now() });
  };

  return (
    <>
      <div className="draft-status">
        {restoredFrom && (
          <p role="status" className="notice">
            Your draft from <code>{base.id}</code> was restored, last changed {ago(restoredFrom).text}.
          </p>
        )}
        {keptFailed && (
          <p role="alert" className="notice notice-danger">
            This browser refused to keep the draft (storage full or disabled): it will be lost on reload.
          </p>
        )}
        <p>
          {changed.length ? (
            <>
              Changed:{' '}
              {changed.map((f, i) => (
                <Fragment key={f}>
                  {i > 0 && ', '}
                  <code>{f}</code>
                </Fragment>
              ))}
              .{' '}
            </>
          ) : (
            'No changes yet. '
          )}
          <button type="button" className="secondary small-button" disabled={!changed.length} onClick={discard}>
            Discard the draft
          </button>
        </p>
      </div>

      <section aria-labelledby={`${id}-edit`} className="draft-edit">
        <h2 id={`${id}-edit`}>Edit</h2>
        <div className="form file-pick">
          <label htmlFor={`${id}-file`}>Module to edit</label>
          <select id={`${id}-file`} value={file} onChange={(e) => setFile(e.target.value)}>
            {files.map((f) => (
              <option key={f} value={f}>
                {f === REGISTRY_FILE ? 'Registry (registry.json)' : `${nameOf(f)} (${f})`}
                {changed.includes(f) ? ' — changed' : ''}
              </option>
            ))}
          </select>
        </div>
        {manifest && formUsable && (
          <>
            <ExposureForm
              moduleName={displayName(manifest.name)}
              rules={exposureOf(manifest)}
              roles={KNOWN_ROLES}
              environments={KNOWN_ENVIRONMENTS}
              onChange={(rules) => edit((m) => withExposure(m, rules))}
            />
            <RouteRolesTable
              moduleName={displayName(manifest.name)}
              rows={routeRows(manifest)}
              roles={KNOWN_ROLES}
              onChange={(pointer, roles) => edit((m) => withRouteRoles(m, pointer, roles))}
            />
          </>
        )}
        {file !== REGISTRY_FILE && !formUsable && (
          <p className="notice">Fix the problems of {file} below to use the form again; the JSON can be edited meanwhile.</p>
        )}
        <div className="editor-and-problems">
          <div>
            <h3 id={`${id}-json`}>{file} as JSON</h3>
            <p className="hint">Ctrl-Space completes property names and values from the schema; problems are marked as you type.</p>
            <Suspense
              fallback={
                <p className="muted" role="status">
                  Loading the editor…
                </p>
              }
            >
              <JsonEditor
                key={file}
                text={text}
                onChange={(t) => setText(file, t)}
                problems={checks.problems.filter((p) => p.file === file)}
                schema={file === REGISTRY_FILE ? 'registry' : 'module'}
                label={`${file} as JSON`}
                focus={focus}
              />
            </Suspense>
          </div>
          <DraftProblemList checks={checks} onJump={jump} />
        </div>
      </section>

      {modules.data && <ViewAsUser list={modules.data} draft={{ files: draftFiles(draft.texts), base: base.id }} />}

      {(conflict || active !== base.id) && (
        <BaseMoved sub={sub} draft={draft} base={base} active={conflict?.current.active ?? active} storedAs={conflict?.storedAs} onRebased={onRebased} />
      )}
      <PublishDraft
        base={base.id}
        texts={draft.texts}
        blockedBecause={
          !changed.length ? 'The draft has no changes yet.' : checks.state === 'clean' ? undefined : 'Publishing waits until the draft has no problems.'
        }
        onPublished={(release) => {
          discard();
          onPublished(release);
        }}
        onConflict={setConflict}
      />
    </>
  );
}
