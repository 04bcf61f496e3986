import { modelRuntimeContracts } from '@platform/module-model-runtime/contracts';
import type { FastifyInstance } from 'fastify';
import { ajvWith, coercingAjv } from '../../validation/schemaValidator.ts';

/** The service's body validator, knowing the Model Runtime team's contracts besides the platform's. */
const bodies = ajvWith(modelRuntimeContracts);

/**
 * Makes the Model Runtime team's contracts, published with its module (modules/model-runtime/schemas/,
 * issue 36), known in the stand-in's scope only: its routes refer to them by `$id` and validate as the
 * service's own routes do, while the platform's Ajv, and so the OpenAPI document of a service without
 * the stand-in, never hold another team's contracts.
 */
export function registerModelRuntimeContracts(app: FastifyInstance): void {
  for (const schema of modelRuntimeContracts) app.addSchema(schema);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodies : coercingAjv).compile(schema));
}
