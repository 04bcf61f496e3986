import type { ModelRuntimeArtifactList, ModelRuntimeDomainList, ModelRuntimeJob, ModelRuntimeLog } from '@platform/module-model-runtime/contracts';

// The Model Runtime backend's demo data for `npm start`: each customer's domains, what they can run
// and what ran. Domain ids are unique across customers, as the module's addresses name a domain alone.

type Artifact = ModelRuntimeArtifactList['artifacts'][number];
type Domain = Omit<ModelRuntimeDomainList['domains'][number], 'jobs' | 'workflows'>;

interface DomainData {
  domain: Domain;
  artifacts: Artifact[];
  runs: ModelRuntimeJob[];
  logs: Map<string, ModelRuntimeLog['lines']>;
}

const artifact = (kind: Artifact['kind'], runtime: string) => (id: string, name: string, version: string, sizeBytes: number, updatedAt: string) => ({
  id,
  name,
  kind,
  runtime,
  version,
  sizeBytes,
  updatedAt,
});
const model = artifact('model', 'python3.6');
const script = artifact('script', 'python3.6');
const fmu = artifact('fmu', 'FMU');

function run(
  domain: string,
  kind: ModelRuntimeJob['kind'],
  id: string,
  name: string,
  status: ModelRuntimeJob['status'],
  by: string,
  at: string,
): ModelRuntimeJob {
  const finished = status === 'succeeded' || status === 'failed' ? new Date(Date.parse(at) + 17 * 60_000).toISOString() : null;
  return { id, domain, kind, name, status, runtime: kind === 'workflow' ? 'workflow' : 'python3.6', submittedBy: by, submittedAt: at, finishedAt: finished };
}

/** What a run of this status wrote: enough lines to read like a log. */
function logOf(job: ModelRuntimeJob): ModelRuntimeLog['lines'] {
  const at = (minutes: number) => new Date(Date.parse(job.submittedAt) + minutes * 60_000).toISOString();
  const lines: ModelRuntimeLog['lines'] = [
    { at: at(0), level: 'info', message: `${job.id} queued by ${job.submittedBy}` },
    { at: at(1), level: 'info', message: `starting ${job.name} on ${job.runtime}` },
  ];
  if (job.status === 'running') lines.push({ at: at(2), level: 'info', message: 'step 3 of 8' });
  if (job.status === 'succeeded') lines.push({ at: at(16), level: 'info', message: 'results written' }, { at: at(17), level: 'info', message: 'finished' });
  if (job.status === 'failed')
    lines.push(
      { at: at(9), level: 'warning', message: 'input series has gaps; interpolating' },
      { at: at(17), level: 'error', message: 'solver did not converge' },
    );
  return lines;
}

function domainData(domain: Domain, artifacts: Artifact[], runs: ModelRuntimeJob[]): DomainData {
  return { domain, artifacts, runs, logs: new Map(runs.map((r) => [`${r.kind}/${r.id}`, logOf(r)])) };
}

const DOMAINS: DomainData[] = [
  domainData(
    { id: 'acme-wind', name: 'Wind fleet', customerId: 'acme', description: 'Fatigue and yaw models of the North Sea turbines' },
    [
      model('fatigue-v3', 'Blade fatigue', '3.2.0', 4_718_592, '2026-10-02T09:12:00.000Z'),
      model('yaw-misalign', 'Yaw misalignment', '1.4.1', 1_258_291, '2026-09-14T15:40:00.000Z'),
      script('clean-scada', 'Clean SCADA series', '0.9.0', 18_432, '2026-10-20T08:00:00.000Z'),
      fmu('gearbox-thermal', 'Gearbox thermal', '2.0.0', 9_961_472, '2026-08-30T11:05:00.000Z'),
    ],
    [
      run('acme-wind', 'job', 'J-1003', 'Blade fatigue, October', 'running', 'engineer@acme.example', '2026-11-20T07:30:00.000Z'),
      run('acme-wind', 'job', 'J-1002', 'Yaw misalignment, Brent Alpha', 'failed', 'engineer@acme.example', '2026-11-18T13:00:00.000Z'),
      run('acme-wind', 'job', 'J-1001', 'Blade fatigue, September', 'succeeded', 'analyst@acme.example', '2026-10-03T06:00:00.000Z'),
      run('acme-wind', 'workflow', 'W-2001', 'Monthly fleet review', 'succeeded', 'analyst@acme.example', '2026-11-01T05:00:00.000Z'),
    ],
  ),
  domainData(
    { id: 'acme-pumps', name: 'Pump stations', customerId: 'acme', description: 'Cavitation checks of the Gulf Coast pumps' },
    [
      model('cavitation', 'Cavitation risk', '1.0.3', 2_097_152, '2026-07-11T10:00:00.000Z'),
      script('flow-rollup', 'Flow roll-up', '1.1.0', 9_216, '2026-07-12T10:00:00.000Z'),
    ],
    [run('acme-pumps', 'job', 'J-1101', 'Cavitation, Galveston Yard', 'succeeded', 'engineer@acme.example', '2026-11-10T09:00:00.000Z')],
  ),
  domainData(
    { id: 'globex-hydro', name: 'Hydro plants', customerId: 'globex', description: 'Turbine wear of the Alpine plants' },
    [
      model('runner-wear', 'Runner wear', '2.1.0', 3_145_728, '2026-09-01T12:00:00.000Z'),
      fmu('penstock', 'Penstock pressure', '1.0.0', 5_242_880, '2026-09-02T12:00:00.000Z'),
    ],
    [
      run('globex-hydro', 'job', 'J-3001', 'Runner wear, Innsbruck', 'queued', 'viewer@globex.example', '2026-11-21T10:00:00.000Z'),
      run('globex-hydro', 'workflow', 'W-3101', 'Quarterly wear report', 'running', 'viewer@globex.example', '2026-11-19T10:00:00.000Z'),
    ],
  ),
];

const summary = ({ domain, runs }: DomainData): ModelRuntimeDomainList['domains'][number] => ({
  ...domain,
  jobs: runs.filter((r) => r.kind === 'job').length,
  workflows: runs.filter((r) => r.kind === 'workflow').length,
});

/** Every customer's domains (staff), or one customer's. */
export function domainsOf(customerId: string | null): ModelRuntimeDomainList['domains'] {
  return DOMAINS.filter((d) => customerId === null || d.domain.customerId === customerId).map(summary);
}

/** A domain's data, by its id. */
export const domainNamed = (id: string): DomainData | undefined => DOMAINS.find((d) => d.domain.id === id);

/** The domain's models, scripts or FMUs. */
export const artifactsOf = (data: DomainData, kind: Artifact['kind']): Artifact[] => data.artifacts.filter((a) => a.kind === kind);

/** The domain's jobs or workflow runs, newest first. */
export const runsOf = (data: DomainData, kind: ModelRuntimeJob['kind']): ModelRuntimeJob[] =>
  data.runs.filter((r) => r.kind === kind).sort((a, b) => b.submittedAt.localeCompare(a.submittedAt));

/** One run and its log lines. */
export function runNamed(data: DomainData, kind: ModelRuntimeJob['kind'], id: string): { job: ModelRuntimeJob; lines: ModelRuntimeLog['lines'] } | undefined {
  const job = data.runs.find((r) => r.kind === kind && r.id === id);
  return job && { job, lines: data.logs.get(`${kind}/${id}`) ?? [] };
}

/** How many runs a domain keeps: the stand-in holds them in memory, so submissions cannot grow it without end. */
const RUNS_KEPT = 100;

/**
 * Queues a run in the domain, as the Model Runtime would: the next id of its kind, queued now by `by`,
 * with its first log line; the oldest runs go past RUNS_KEPT. A job runs what `artifact` names.
 */
export function submitRun(data: DomainData, kind: ModelRuntimeJob['kind'], name: string, by: string, artifact?: Artifact): ModelRuntimeJob {
  const prefix = kind === 'job' ? 'J-' : 'W-';
  const numbers = data.runs.filter((r) => r.kind === kind).map((r) => Number(r.id.slice(prefix.length)) || 0);
  const id = `${prefix}${Math.max(kind === 'job' ? 1000 : 2000, ...numbers) + 1}`;
  const job: ModelRuntimeJob = {
    id,
    domain: data.domain.id,
    kind,
    name,
    status: 'queued',
    runtime: artifact ? artifact.runtime : 'workflow',
    submittedBy: by,
    submittedAt: new Date().toISOString(),
    finishedAt: null,
  };
  data.runs.unshift(job);
  data.logs.set(`${kind}/${id}`, [
    { at: job.submittedAt, level: 'info', message: `${id} queued by ${by}${artifact ? ` to run ${artifact.name} ${artifact.version}` : ''}` },
  ]);
  for (const gone of data.runs.splice(RUNS_KEPT)) data.logs.delete(`${gone.kind}/${gone.id}`);
  return job;
}
