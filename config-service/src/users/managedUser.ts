import type { AttributeType } from '@aws-sdk/client-cognito-identity-provider';
import { landingIsOneOfModules, readAuthClaimText, userClaimsSchema, type AuthClaimReading, type ManagedUser, type ManagedUserFields } from '@platform/schemas';
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

/**
 * A user's custom:auth as the platform reads it (decision 0082): pat's `"ACME"` and `["HS"]` are acme and
 * hs, as their tokens are read. A claim the service refuses shows as none: the user cannot sign in, and
 * a change writes a claim that can be read.
 */
function claimOf(reading: AuthClaimReading): Claim {
  if (reading.kind !== 'read') return NO_CLAIM;
  const { claim } = reading;
  return {
    role: claim.role,
    customerId: claim.customerId ?? null,
    modules: claim.modules ?? null,
    landingPageModuleKey: claim.landingPageModuleKey ?? null,
    requireMFA: claim.requireMFA === true,
  };
}

/** The auth object each managed user's claim was written as, for a change to keep what it does not change (see authAttribute). */
const writtenClaims = new WeakMap<ManagedUser, Record<string, unknown>>();
/** Each managed user's custom:auth text as the pool holds it, for the user directory to keep as it is (decision 0085). */
const claimTexts = new WeakMap<ManagedUser, string>();

/** The custom:auth text `user` was read from, as the pool holds it; null: none. */
export const claimTextOf = (user: ManagedUser): string | null => claimTexts.get(user) ?? null;

const attributeOf = (user: PoolUser, name: string) => user.Attributes?.find((a) => a.Name === name)?.Value;

/** One account as the user-management API shows it. */
export function toManagedUser(user: PoolUser): ManagedUser {
  const text = attributeOf(user, 'custom:auth');
  const reading = readAuthClaimText(text);
  const claim = claimOf(reading);
  const mfaSetUp = hasMfaSetUp(user);
  const managed: ManagedUser = {
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
  if (reading.kind === 'read') writtenClaims.set(managed, reading.written);
  if (text !== undefined) claimTexts.set(managed, text);
  return managed;
}

const validAuth = ajv.compile({ $ref: `${userClaimsSchema.$id}#/$defs/auth` });

const CLAIM_FIELDS = ['role', 'customerId', 'modules', 'landingPageModuleKey', 'requireMFA'] as const;

/** Whether a field says what the user's claim already says: module keys in any order. */
function unchanged(was: ManagedUser[keyof Claim], is: ManagedUserFields[keyof Claim]): boolean {
  if (Array.isArray(was) && Array.isArray(is)) return [...was].sort().join('\n') === [...is].sort().join('\n');
  return was === is;
}

/**
 * The custom:auth value the form's fields make, as JSON. Fields left unset (null) are left out, so the
 * claim reads as the platform reads it: no modules listed, no landing module. Checked against the auth
 * schema the service verifies tokens with, and against the module registry: a user is never given a
 * claim that would lock them out. A change (`before`) writes only what it changes (issue 37): a field
 * that says what the claim already said stays as the pool wrote it (pat's `["HS"]` stays), keys the
 * platform does not read stay, and a module key the registry does not know that the user already had
 * may stay, since the administrator could not have meant to take it away by changing a name.
 */
function authAttribute(fields: ManagedUserFields, registry: readonly string[], before?: ManagedUser): string {
  const had = (key: string) => before?.modules?.includes(key) === true;
  const unknown = (fields.modules ?? []).filter((key) => !registry.includes(key) && !had(key));
  if (unknown.length) throw new PlatformError('CFG_ERR_USER_MODULE_UNKNOWN', `no module ${unknown.map((k) => `'${k}'`).join(', ')} in the registry`);
  if (fields.landingPageModuleKey !== null) {
    if (!registry.includes(fields.landingPageModuleKey) && fields.landingPageModuleKey !== before?.landingPageModuleKey)
      throw new PlatformError('CFG_ERR_USER_MODULE_UNKNOWN', `no module '${fields.landingPageModuleKey}' in the registry`);
    if (!landingIsOneOfModules(fields.landingPageModuleKey, fields.modules))
      throw new PlatformError('CFG_ERR_USER_CLAIMS_INVALID', `the landing module '${fields.landingPageModuleKey}' must be one of the user's modules`);
  }
  const written = before ? writtenClaims.get(before) : undefined;
  const auth: Record<string, unknown> = { ...written };
  for (const field of CLAIM_FIELDS) {
    if (before && written && field in written && unchanged(before[field], fields[field])) continue;
    if (fields[field] === null) delete auth[field];
    else auth[field] = fields[field];
  }
  if (!validAuth(auth)) throw new PlatformError('CFG_ERR_USER_CLAIMS_INVALID', `the claims would not be valid: ${ajv.errorsText(validAuth.errors)}`);
  return JSON.stringify(auth);
}

/** The attributes an administrator sets: the name and custom:auth; `before` is the user a change is made to. */
export function attributesOf(fields: ManagedUserFields, registry: readonly string[], before?: ManagedUser): AttributeType[] {
  return [
    { Name: 'given_name', Value: fields.givenName.trim() },
    { Name: 'family_name', Value: fields.familyName.trim() },
    { Name: 'custom:auth', Value: authAttribute(fields, registry, before) },
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
