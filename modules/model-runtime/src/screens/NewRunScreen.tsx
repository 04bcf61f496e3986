import { useId, useState, type FormEvent } from 'react';
import { RouteLink, toast, useApi, useNavigateToRoute, type ScreenProps } from '@platform/module-sdk';
import type { ModelRuntimeArtifactList, ModelRuntimeJob, ModelRuntimeNewRun } from '../contracts.generated.ts';
import { Screen } from '../Screen.tsx';
import { useDomainName } from '../useDomainName.ts';
import { seg, useBackend, type Answer } from '../useBackend.ts';
import { KINDS, type RunKind } from './kinds.ts';

type Artifacts = ModelRuntimeArtifactList['artifacts'];
const artifactsIn = (answer: Answer<ModelRuntimeArtifactList>): Artifacts => (answer.state === 'done' ? answer.data.artifacts : []);

/**
 * mr.jobNew and mr.workflowNew: queues a run in the domain (POST /domains/{domain}/jobs or workflows)
 * and opens it. A job runs one of the domain's models, scripts or FMUs; a workflow needs a name alone.
 */
export function NewRunScreen({ kind, title, params }: ScreenProps & { kind: RunKind }) {
  const { list } = KINDS[kind];
  const domain = params.domain ?? '';
  const name = useDomainName(domain);
  // The domain's runs of this kind: whether the domain is there for this user, as the list screen asks.
  const runs = useBackend<unknown>(`/domains/${seg(domain)}/${list}`);
  const job = kind === 'job';
  const models = useBackend<ModelRuntimeArtifactList>(job ? `/domains/${seg(domain)}/models` : null);
  const scripts = useBackend<ModelRuntimeArtifactList>(job ? `/domains/${seg(domain)}/scripts` : null);
  const fmus = useBackend<ModelRuntimeArtifactList>(job ? `/domains/${seg(domain)}/fmus` : null);
  const groups = job
    ? [
        { group: 'Models', artifacts: artifactsIn(models) },
        { group: 'Scripts', artifacts: artifactsIn(scripts) },
        { group: 'FMUs', artifacts: artifactsIn(fmus) },
      ]
    : [];
  return (
    <Screen title={title} domain={name} answer={runs} missing={`No domain ${domain}.`}>
      {() => <RunForm kind={kind} domain={domain} groups={groups} />}
    </Screen>
  );
}

/** The form itself: once the backend has queued the run, says so and opens it. */
function RunForm({ kind, domain, groups }: { kind: RunKind; domain: string; groups: { group: string; artifacts: Artifacts }[] }) {
  const api = useApi();
  const navigate = useNavigateToRoute();
  const id = useId();
  const [name, setName] = useState('');
  const [artifactId, setArtifactId] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState('');
  const { list, noun, detail, listRoute } = KINDS[kind];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: ModelRuntimeNewRun = kind === 'job' ? { name: name.trim(), artifactId } : { name: name.trim() };
    setBusy(true);
    setRefusal('');
    try {
      const job = await api.json<ModelRuntimeJob>('modelRuntime', `/domains/${seg(domain)}/${list}`, { method: 'POST', body });
      toast.success(`${noun === 'job' ? 'Job' : 'Workflow'} ${job.id} queued`);
      navigate(detail, { domain, jobId: job.id });
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };

  return (
    <form className="form" aria-label={`New ${noun}`} onSubmit={(e) => void submit(e)}>
      <label htmlFor={`${id}-name`}>Name</label>
      <input
        id={`${id}-name`}
        required
        maxLength={100}
        pattern=".*\S.*"
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-describedby={`${id}-name-hint`}
      />
      <p id={`${id}-name-hint`} className="hint">
        {`What the list of ${list} will call it, e.g. "Blade fatigue, December".`}
      </p>
      {kind === 'job' && (
        <>
          <label htmlFor={`${id}-artifact`}>What to run</label>
          <select id={`${id}-artifact`} required value={artifactId} onChange={(e) => setArtifactId(e.target.value)}>
            <option value="">Choose a model, script or FMU</option>
            {groups
              .filter((g) => g.artifacts.length > 0)
              .map((g) => (
                <optgroup key={g.group} label={g.group}>
                  {g.artifacts.map((a) => (
                    <option key={a.id} value={a.id}>{`${a.name} ${a.version} (${a.runtime})`}</option>
                  ))}
                </optgroup>
              ))}
          </select>
        </>
      )}
      {refusal && <p role="alert">{`Could not queue the ${noun}: ${refusal}`}</p>}
      <div className="form-actions">
        <button type="submit" disabled={busy}>
          {busy ? 'Queueing…' : `Queue the ${noun}`}
        </button>
        <RouteLink to={listRoute} params={{ domain }}>{`All ${list}`}</RouteLink>
      </div>
    </form>
  );
}
