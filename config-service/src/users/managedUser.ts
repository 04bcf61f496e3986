import type { AttributeType } from '@aws-sdk/client-cognito-identity-provider';
import { claimedCustomerId, landingIsOneOfModules, userClaimsSchema, type ManagedUser, type ManagedUserFields } from '@platform/schemas';
import { PlatformError } from '../errors.ts';
import { hasMfaSetUp } from '../identity/cognitoMfaLookup.ts';
import type { FieldChange } from '../store/userAuditStore.ts';
import { ajv } from '../validation/schemaValidator.ts';

/** What the identity provider says of one account. */
export interface PoolUser {
  Username?: string;
  Attributes?: AttributeType[];
  UserStatus?: string;
  Enabled?: boolean;
  /** The older, SMS-only record of MFA; Cognito still asks such users for a code. */
  MFAOptions?: unknown[];
  /** The methods set up (AdminGetUser's UserMFASettingList). */
  UserMFASettingList?: string[];
}

type Claim = Pick<ManagedUser, 'role' | 'customerId' | 'modules' | 'landingPageModuleKey' | 'requireMFA'>;
const NO_CLAIM: Claim = { role: null, customerId: null, modules: null, landingPageModuleKey: null, requireMFA: false };

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The fields of a custom:auth value, each read on its own: a claim the service would refuse still shows what it says. */
function claimOf(value: string | undefined): Claim {
  let auth: Record<string, unknown>;
  try {
    auth = value ? (JSON.parse(value) as Record<string, unknown>) : {};
  } catch {
    return NO_CLAIM;
  }
  if (typeof auth !== 'object' || auth === null) return NO_CLAIM;
  return {
    role: text(auth.role),
    // As tokens are read (decision 0047): a claim of "ACME" is acme's user, listed and filtered as such.
    customerId: text(auth.customerId) === null ? null : claimedCustomerId(auth.customerId as string),
    modules: Array.isArray(auth.modules) ? auth.modules.filter((m): m is string => typeof m === 'string') : null,
    landingPageModuleKey: text(auth.landingPageModuleKey),
    requireMFA: auth.requireMFA === true,
  };
}

const attributeOf = (user: PoolUser, name: string) => user.Attributes?.find((a) => a.Name === name)?.Value;

/** One account as the user-management API shows it. */
export function toManagedUser(user: PoolUser): ManagedUser {
  const claim = claimOf(attributeOf(user, 'custom:auth'));
  const mfaSetUp = hasMfaSetUp(user);
  return {
    username: user.Username ?? '',
    sub: attributeOf(user, 'sub') ?? user.Username ?? '',
    email: attributeOf(user, 'email') ?? '',
    givenName: attributeOf(user, 'given_name') ?? '',
    familyName: attributeOf(user, 'family_name') ?? '',
    status: user.UserStatus ?? 'UNKNOWN',
    enabled: user.Enabled ?? true,
    mfa: mfaSetUp ? 'set-up' : claim.requireMFA ? 'required' : 'off',
    ...claim,
  };
}

const validAuth = ajv.compile({ $ref: `${userClaimsSchema.$id}#/$defs/auth` });

/**
 * The custom:auth value the form's fields make, as JSON. Fields left unset (null) are left out, so the
 * claim reads as the platform reads it: no modules listed, no landing module. Checked against the auth
 * schema the service verifies tokens with, and against the module registry: a user is never given a
 * claim that would lock them out.
 */
function authAttribute(fields: ManagedUserFields, registry: readonly string[]): string {
  const unknown = (fields.modules ?? []).filter((key) => !registry.includes(key));
  if (unknown.length) throw new PlatformError('CFG_ERR_USER_MODULE_UNKNOWN', `no module ${unknown.map((k) => `'${k}'`).join(', ')} in the registry`);
  if (fields.landingPageModuleKey !== null) {
    if (!registry.includes(fields.landingPageModuleKey))
      throw new PlatformError('CFG_ERR_USER_MODULE_UNKNOWN', `no module '${fields.landingPageModuleKey}' in the registry`);
    if (!landingIsOneOfModules(fields.landingPageModuleKey, fields.modules))
      throw new PlatformError('CFG_ERR_USER_CLAIMS_INVALID', `the landing module '${fields.landingPageModuleKey}' must be one of the user's modules`);
  }
  const auth = {
    role: fields.role,
    ...(fields.customerId === null ? {} : { customerId: fields.customerId }),
    ...(fields.modules === null ? {} : { modules: fields.modules }),
    ...(fields.landingPageModuleKey === null ? {} : { landingPageModuleKey: fields.landingPageModuleKey }),
    requireMFA: fields.requireMFA,
  };
  if (!validAuth(auth)) throw new PlatformError('CFG_ERR_USER_CLAIMS_INVALID', `the claims would not be valid: ${ajv.errorsText(validAuth.errors)}`);
  return JSON.stringify(auth);
}

/** The attributes an administrator sets: the name and custom:auth. */
export function attributesOf(fields: ManagedUserFields, registry: readonly string[]): AttributeType[] {
  return [
    { Name: 'given_name', Value: fields.givenName.trim() },
    { Name: 'family_name', Value: fields.familyName.trim() },
    { Name: 'custom:auth', Value: authAttribute(fields, registry) },
  ];
}

/** A field's value as the audit shows it. */
const shown = (value: string | readonly string[] | boolean | null): string | null =>
  value === null ? null : typeof value === 'boolean' ? (value ? 'yes' : 'no') : Array.isArray(value) ? value.join(', ') : (value as string);

const AUDITED = ['givenName', 'familyName', 'role', 'customerId', 'modules', 'landingPageModuleKey', 'requireMFA'] as const;

/** Each field that differs between the user as they were (null: a new user) and the fields set, for the audit. */
export function fieldChanges(before: ManagedUser | null, after: ManagedUserFields): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of AUDITED) {
    const was = before === null ? null : shown(before[field]);
    const is = shown(typeof after[field] === 'string' ? (after[field] as string).trim() : after[field]);
    if (was !== is) changes.push({ field, before: was, after: is });
  }
  return changes;
}
