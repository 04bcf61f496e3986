import type { FastifyInstance } from 'fastify';
import type { CustomerModules } from '../customers/customerModules.ts';
import type { UserDirectory } from './mainBackend/userDirectory.ts';
import localHostedUi from './identityProvider/localHostedUi.ts';
import localIdpRoutes from './identityProvider/localIdpRoutes.ts';
import localMainApi, { type LocalMainApiOptions } from './mainBackend/index.ts';
import localModelRuntimeApi from './modelRuntime/index.ts';

/** The local identity provider as the browser reaches it through this service: its address, web client and return addresses. */
export interface LocalIdpOptions {
  upstream: string;
  userPoolId: string;
  clientId: string;
  callbackUrls: readonly string[];
}

export interface LocalStandInsOptions {
  /** The main backend's and Model Runtime's local counterparts at /api/main and /api/model-runtime (LOCAL_MAIN_API); unset: neither. */
  mainApi?: LocalMainApiOptions;
  /** The local identity provider's adapter (/idp) and hosted UI, when it is the provider in use; unset: neither. */
  idp?: LocalIdpOptions;
  customerModules: CustomerModules;
  /** The platform's user directory, whose users the main backend's stand-in lists. */
  users: UserDirectory;
  productName: string;
}

/**
 * Every stand-in for another team's system the service can play, registered in one place (decision
 * 0077): the product's own plugins and routes never import local/, and whether a stand-in is served is
 * decided by the settings the composition root reads, never by the stand-in.
 */
export default async function localStandIns(app: FastifyInstance, options: LocalStandInsOptions) {
  if (options.mainApi) {
    await app.register(localMainApi, { ...options.mainApi, customerModules: options.customerModules, users: options.users });
    await app.register(localModelRuntimeApi, { customerModules: options.customerModules });
  }
  if (options.idp) {
    await app.register(localIdpRoutes, { upstream: options.idp.upstream, userPoolId: options.idp.userPoolId, clientId: options.idp.clientId });
    await app.register(localHostedUi, { ...options.idp, productName: options.productName });
  }
}
