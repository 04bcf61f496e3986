import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  modelRuntimeArtifactListSchema,
  modelRuntimeDomainListSchema,
  modelRuntimeJobListSchema,
  modelRuntimeJobSchema,
  modelRuntimeLogSchema,
  modelRuntimeNewRunSchema,
  type ModelRuntimeArtifactList,
  type ModelRuntimeDomainList,
  type ModelRuntimeJob,
  type ModelRuntimeJobList,
  type ModelRuntimeLog,
  type ModelRuntimeNewRun,
} from '@platform/module-model-runtime/contracts';
import { customerIdSchema, problemSchema, STAFF_ROLE } from '@platform/schemas';
import type { CustomerModules } from '../../customers/customerModules.ts';
import { PlatformError } from '../../errors.ts';
import { staffOnly } from '../../plugins/staffOnly.ts';
import { LOCAL_MODEL_RUNTIME_API_BASE } from '../../settings/backends.ts';
import { assertCustomerAccess } from '../mainBackend/customerAccess.ts';
import { artifactsOf, domainNamed, domainsOf, runNamed, runsOf, submitRun } from './demoData.ts';
import { registerModelRuntimeContracts } from './registerModelRuntimeContracts.ts';

const BASE = LOCAL_MODEL_RUNTIME_API_BASE;
const problems = { '4xx': { $ref: `${problemSchema.$id}#` } };
const secured = { security: [{ bearerAuth: [] }], tags: ['model runtime (local)'] };
const name = { type: 'string', maxLength: 100 } as const;
const domainParams = { type: 'object', required: ['domain'], properties: { domain: name } } as const;
const jobParams = { type: 'object', required: ['domain', 'jobId'], properties: { domain: name, jobId: name } } as const;

/** The path segment of each list of what a domain can run, and the kind it lists. */
const ARTIFACTS = { models: 'model', scripts: 'script', fmus: 'fmu' } as const;
/** The path segment of each kind of run. */
const RUNS = { jobs: 'job', workflows: 'workflow' } as const;

type DomainRequest = FastifyRequest<{ Params: { domain: string } }>;

/**
 * The Model Runtime backend's calls, served by this service under `npm start` with demo data (issue 28:
 * what the reference module's screens list). The same token verification as the manifest. A domain
 * belongs to one customer: its users and staff see it; anyone else is told it does not exist, so
 * another customer's domains cannot be found by guessing.
 */
export default async function localModelRuntimeApi(app: FastifyInstance, options: { customerModules: CustomerModules }) {
  registerModelRuntimeContracts(app);
  const exists = async (id: string) => Boolean(await options.customerModules.getCustomer(id));
  const domainGuard = async (request: DomainRequest) => {
    const owner = domainNamed(request.params.domain)?.domain.customerId;
    const auth = request.verifiedUser.auth;
    if (!owner || (auth?.role !== STAFF_ROLE && auth?.customerId !== owner))
      throw new PlatformError('CFG_ERR_NOT_FOUND', `no domain '${request.params.domain}'`);
  };
  // onRequest, before the parameters are validated: another customer's user learns nothing of the route.
  const withDomain = { onRequest: [app.authenticate, domainGuard] };
  const domainOf = (request: DomainRequest) => domainNamed(request.params.domain)!;

  app.get<{ Params: { customerId: string } }>(
    `${BASE}/customers/:customerId/domains`,
    {
      onRequest: [
        app.authenticate,
        async (request: FastifyRequest<{ Params: { customerId: string } }>) => assertCustomerAccess(request.verifiedUser, request.params.customerId, exists),
      ],
      schema: {
        ...secured,
        summary: "The customer's Model Runtime domains",
        params: { type: 'object', required: ['customerId'], properties: { customerId: customerIdSchema } },
        response: { 200: { $ref: `${modelRuntimeDomainListSchema.$id}#` }, ...problems },
      },
    },
    async (request): Promise<ModelRuntimeDomainList> => ({ domains: domainsOf(request.params.customerId) }),
  );

  app.get(
    `${BASE}/domains`,
    {
      onRequest: [app.authenticate, staffOnly('list every customer’s domains')],
      schema: {
        ...secured,
        summary: "Every customer's Model Runtime domains (staff only)",
        response: { 200: { $ref: `${modelRuntimeDomainListSchema.$id}#` }, ...problems },
      },
    },
    async (): Promise<ModelRuntimeDomainList> => ({ domains: domainsOf(null) }),
  );

  for (const [segment, kind] of Object.entries(ARTIFACTS)) {
    app.get<{ Params: { domain: string } }>(
      `${BASE}/domains/:domain/${segment}`,
      {
        ...withDomain,
        schema: {
          ...secured,
          summary: `The domain's ${segment}`,
          params: domainParams,
          response: { 200: { $ref: `${modelRuntimeArtifactListSchema.$id}#` }, ...problems },
        },
      },
      async (request): Promise<ModelRuntimeArtifactList> => ({ artifacts: artifactsOf(domainOf(request), kind) }),
    );
  }

  for (const [segment, kind] of Object.entries(RUNS)) {
    const runOf = (request: FastifyRequest<{ Params: { domain: string; jobId: string } }>) => {
      const found = runNamed(domainOf(request), kind, request.params.jobId);
      if (!found) throw new PlatformError('CFG_ERR_NOT_FOUND', `no ${kind} '${request.params.jobId}' in domain '${request.params.domain}'`);
      return found;
    };
    app.get<{ Params: { domain: string } }>(
      `${BASE}/domains/:domain/${segment}`,
      {
        ...withDomain,
        schema: {
          ...secured,
          summary: `The domain's ${segment}, newest first`,
          params: domainParams,
          response: { 200: { $ref: `${modelRuntimeJobListSchema.$id}#` }, ...problems },
        },
      },
      async (request): Promise<ModelRuntimeJobList> => ({ jobs: runsOf(domainOf(request), kind) }),
    );
    app.post<{ Params: { domain: string }; Body: ModelRuntimeNewRun }>(
      `${BASE}/domains/:domain/${segment}`,
      {
        ...withDomain,
        schema: {
          ...secured,
          summary: kind === 'job' ? 'Queue a job: a model, script or FMU of the domain to run' : 'Queue a workflow run',
          params: domainParams,
          body: { $ref: `${modelRuntimeNewRunSchema.$id}#` },
          response: { 201: { $ref: `${modelRuntimeJobSchema.$id}#` }, ...problems },
        },
      },
      async (request, reply): Promise<ModelRuntimeJob> => {
        const data = domainOf(request);
        const { name, artifactId } = request.body;
        // A job runs one of the domain's own models, scripts or FMUs; a workflow names none.
        const artifact = artifactId === undefined ? undefined : data.artifacts.find((a) => a.id === artifactId);
        if (kind === 'job' && !artifact)
          throw new PlatformError('CFG_ERR_BAD_REQUEST', `artifactId: the domain has no model, script or FMU '${artifactId ?? ''}' to run`);
        if (kind === 'workflow' && artifactId !== undefined) throw new PlatformError('CFG_ERR_BAD_REQUEST', 'artifactId: a workflow runs no single model');
        reply.code(201);
        return submitRun(data, kind, name.trim(), request.verifiedUser.email, artifact);
      },
    );
    app.get<{ Params: { domain: string; jobId: string } }>(
      `${BASE}/domains/:domain/${segment}/:jobId`,
      {
        ...withDomain,
        schema: {
          ...secured,
          summary: `One of the domain's ${segment}`,
          params: jobParams,
          response: { 200: { $ref: `${modelRuntimeJobSchema.$id}#` }, ...problems },
        },
      },
      async (request): Promise<ModelRuntimeJob> => runOf(request).job,
    );
    app.get<{ Params: { domain: string; jobId: string } }>(
      `${BASE}/domains/:domain/${segment}/:jobId/logs`,
      {
        ...withDomain,
        schema: {
          ...secured,
          summary: `What one of the domain's ${segment} wrote`,
          params: jobParams,
          response: { 200: { $ref: `${modelRuntimeLogSchema.$id}#` }, ...problems },
        },
      },
      async (request): Promise<ModelRuntimeLog> => ({ jobId: request.params.jobId, lines: runOf(request).lines }),
    );
  }
}
