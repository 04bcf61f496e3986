import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ModelRuntimeArtifactList,
  ModelRuntimeDomainList,
  ModelRuntimeJob,
  ModelRuntimeJobList,
  ModelRuntimeLog,
} from '@platform/module-model-runtime/contracts';
import type { FastifyInstance } from 'fastify';
import { claims, sign, staffToken, startTestApps, tokenFor, type TestApps } from '../../testing/testApp.ts';
import { bearer } from '../../testing/signedRequest.ts';

let apps: TestApps;
let app: FastifyInstance;
beforeAll(async () => {
  apps = await startTestApps();
  app = await apps.app({ localMainApi: { signingKey: Buffer.alloc(32, 7) } });
});
afterAll(() => apps.close());

const acmeUser = sign(claims());
const globexUser = tokenFor({ role: 'customer', customerId: 'globex', modules: ['mr'] });
const staff = staffToken();
const noClaim = sign(claims({ 'custom:auth': undefined }));
const get = (url: string, token?: string) => app.inject({ url, headers: token ? bearer(token) : {} });
const json = async <T>(url: string, token: string): Promise<T> => {
  const res = await get(url, token);
  expect(res.statusCode, url).toBe(200);
  return res.json<T>();
};

/** Every address under a domain, for a job and a workflow run that domain holds. */
const domainRoutes = (domain: string, job: string, workflow: string) => [
  ...['jobs', 'models', 'scripts', 'fmus', 'workflows'].map((list) => `/api/model-runtime/domains/${domain}/${list}`),
  `/api/model-runtime/domains/${domain}/jobs/${job}`,
  `/api/model-runtime/domains/${domain}/jobs/${job}/logs`,
  `/api/model-runtime/domains/${domain}/workflows/${workflow}`,
  `/api/model-runtime/domains/${domain}/workflows/${workflow}/logs`,
];

describe('local Model Runtime API: domains → jobs → job → logs', () => {
  it("lists a customer user's own domains, and each list, run and log under them", async () => {
    const { domains } = await json<ModelRuntimeDomainList>('/api/model-runtime/customers/acme/domains', acmeUser);
    expect(domains.map((d) => d.id)).toEqual(['acme-wind', 'acme-pumps']);
    expect(domains.every((d) => d.customerId === 'acme')).toBe(true);
    const { jobs } = await json<ModelRuntimeJobList>('/api/model-runtime/domains/acme-wind/jobs', acmeUser);
    expect(jobs.map((j) => j.id)).toEqual(['J-1003', 'J-1002', 'J-1001']);
    expect((await json<ModelRuntimeJob>('/api/model-runtime/domains/acme-wind/jobs/J-1002', acmeUser)).status).toBe('failed');
    const log = await json<ModelRuntimeLog>('/api/model-runtime/domains/acme-wind/jobs/J-1002/logs', acmeUser);
    expect(log.lines.at(-1)).toMatchObject({ level: 'error', message: 'solver did not converge' });
    const { artifacts } = await json<ModelRuntimeArtifactList>('/api/model-runtime/domains/acme-wind/fmus', acmeUser);
    expect(artifacts).toEqual([expect.objectContaining({ id: 'gearbox-thermal', kind: 'fmu', runtime: 'FMU' })]);
    expect((await json<ModelRuntimeJobList>('/api/model-runtime/domains/acme-wind/workflows', acmeUser)).jobs.map((j) => j.id)).toEqual(['W-2001']);
    for (const url of domainRoutes('acme-wind', 'J-1001', 'W-2001')) expect((await get(url, acmeUser)).statusCode, url).toBe(200);
  });

  it('says 404 for a run the domain does not hold, and does not answer a job as a workflow', async () => {
    expect((await get('/api/model-runtime/domains/acme-wind/jobs/J-9', acmeUser)).statusCode).toBe(404);
    expect((await get('/api/model-runtime/domains/acme-wind/workflows/J-1001', acmeUser)).statusCode).toBe(404);
  });
});

describe('local Model Runtime API: a customer user never sees another customer’s data', () => {
  it("answers 403 for another customer's domain list, existing or not, and to a token without a customer", async () => {
    for (const id of ['globex', 'initech']) expect((await get(`/api/model-runtime/customers/${id}/domains`, acmeUser)).statusCode, id).toBe(403);
    expect((await get('/api/model-runtime/customers/acme/domains', noClaim)).statusCode).toBe(403);
  });

  it("answers another customer's domain as if it did not exist: 404 on every address under it, as for a domain nobody has", async () => {
    for (const url of [...domainRoutes('globex-hydro', 'J-3001', 'W-3101'), ...domainRoutes('no-such-domain', 'J-1', 'W-1')]) {
      const res = await get(url, acmeUser);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).not.toContain('Runner wear');
    }
    for (const url of domainRoutes('acme-wind', 'J-1001', 'W-2001')) expect((await get(url, globexUser)).statusCode, url).toBe(404);
    for (const url of domainRoutes('acme-wind', 'J-1001', 'W-2001')) expect((await get(url, noClaim)).statusCode, url).toBe(404);
  });

  it("lets only staff list every customer's domains", async () => {
    expect((await get('/api/model-runtime/domains', acmeUser)).statusCode).toBe(403);
    const { domains } = await json<ModelRuntimeDomainList>('/api/model-runtime/domains', staff);
    expect(new Set(domains.map((d) => d.customerId))).toEqual(new Set(['acme', 'globex']));
  });

  it("lets staff open any customer's domain, and list a customer's that exists", async () => {
    for (const url of domainRoutes('globex-hydro', 'J-3001', 'W-3101')) expect((await get(url, staff)).statusCode, url).toBe(200);
    expect((await json<ModelRuntimeDomainList>('/api/model-runtime/customers/globex/domains', staff)).domains.map((d) => d.id)).toEqual(['globex-hydro']);
    expect((await get('/api/model-runtime/customers/initech/domains', staff)).statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    for (const url of ['/api/model-runtime/domains', '/api/model-runtime/customers/acme/domains', ...domainRoutes('acme-wind', 'J-1001', 'W-2001')])
      expect((await get(url)).statusCode, url).toBe(401);
  });
});

describe('local Model Runtime API: queueing a job or a workflow run', () => {
  const post = (url: string, token: string, payload: unknown) => app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

  it('queues a job that runs one of the domain’s models, by the user, and lists it first with its log', async () => {
    const res = await post('/api/model-runtime/domains/acme-pumps/jobs', acmeUser, { name: ' Cavitation, Houston ', artifactId: 'cavitation' });
    expect(res.statusCode).toBe(201);
    const job = res.json<ModelRuntimeJob>();
    expect(job).toMatchObject({
      id: 'J-1102',
      domain: 'acme-pumps',
      kind: 'job',
      name: 'Cavitation, Houston',
      status: 'queued',
      runtime: 'python3.6',
      finishedAt: null,
    });
    expect(job.submittedBy).toBe(claims().email);
    expect((await json<ModelRuntimeJobList>('/api/model-runtime/domains/acme-pumps/jobs', acmeUser)).jobs.map((j) => j.id)).toEqual(['J-1102', 'J-1101']);
    const log = await json<ModelRuntimeLog>('/api/model-runtime/domains/acme-pumps/jobs/J-1102/logs', acmeUser);
    expect(log.lines).toEqual([expect.objectContaining({ level: 'info', message: expect.stringContaining('to run Cavitation risk 1.0.3') })]);
  });

  it('queues a workflow run with a name alone', async () => {
    const res = await post('/api/model-runtime/domains/acme-pumps/workflows', acmeUser, { name: 'Weekly pump review' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: 'W-2001', kind: 'workflow', runtime: 'workflow', status: 'queued' });
  });

  it('refuses a job without something of the domain to run, a blank name, and a workflow naming a model', async () => {
    for (const [url, body] of [
      ['jobs', { name: 'No model' }],
      ['jobs', { name: 'Not ours', artifactId: 'runner-wear' }],
      ['jobs', { name: '   ', artifactId: 'cavitation' }],
      ['workflows', { name: 'With a model', artifactId: 'cavitation' }],
      ['workflows', { name: 'Extra', extra: true }],
    ] as const) {
      const res = await post(`/api/model-runtime/domains/acme-pumps/${url}`, acmeUser, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it("answers another customer's domain as one nobody has, and queues nothing there", async () => {
    expect((await post('/api/model-runtime/domains/acme-pumps/jobs', globexUser, { name: 'Theirs', artifactId: 'cavitation' })).statusCode).toBe(404);
    expect((await json<ModelRuntimeJobList>('/api/model-runtime/domains/acme-pumps/jobs', staff)).jobs.map((j) => j.id)).not.toContain('J-1103');
  });
});
