import { Ajv2020 } from 'ajv/dist/2020.js';
import { environmentSchema, type Environment, type Variable } from './environmentSchema.ts';
import { SettingsError, type SettingsProblem } from './settingsError.ts';

/** Scheme, host and port, exactly as the URL parser writes them: no path, no wildcard, no default port. */
function isOrigin(text: string): boolean {
  let origin: string | undefined;
  try {
    origin = new URL(text).origin;
  } catch {
    origin = undefined;
  }
  return origin === text && /^https?:/.test(text) && !text.includes('*');
}

/** A key the process could sign with: base64 that decodes to the same text and holds at least 32 bytes. */
function isSigningKey(text: string): boolean {
  const key = Buffer.from(text, 'base64');
  return key.length >= 32 && key.toString('base64').replace(/=+$/, '') === text.replace(/=+$/, '');
}

/** CORS_ORIGINS as a list: exact origins only, since a pattern or '*' would open the API to pages nobody named. */
export const originList = (text: string) =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

// Everything arrives as text: coerceTypes turns '8080' into 8080 and 'true' into true (and nothing else
// into either); useDefaults fills in the literal defaults, so readSettings has one place to read them.
const ajv = new Ajv2020({ allErrors: true, strict: true, coerceTypes: true, useDefaults: true });
for (const keyword of ['x-rule', 'x-default', 'x-secret']) ajv.addKeyword(keyword);
ajv.addFormat('origin', isOrigin);
ajv.addFormat('origin-list', (text: string) => originList(text).every(isOrigin));
ajv.addFormat('signing-key', isSigningKey);
const validate = ajv.compile(environmentSchema);

const properties: Readonly<Record<string, Record<string, unknown>>> = environmentSchema.properties;
const quoted = (values: readonly unknown[]) => values.map((value) => `'${String(value)}'`);

/** The rule of a variable in words: its x-rule, or read from its type, range or enum. */
function ruleOf(variable: Variable): string {
  const property = properties[variable]!;
  if (typeof property['x-rule'] === 'string') return property['x-rule'];
  if (Array.isArray(property.enum)) {
    const names = quoted(property.enum);
    return `must be ${names.length === 2 ? names.join(' or ') : `one of ${names.join(', ')}`}`;
  }
  if (property.type === 'boolean') return "must be 'true' or 'false'";
  if (property.type === 'integer') return `must be an integer between ${String(property.minimum)} and ${String(property.maximum)}`;
  return 'must be text';
}

/** The rule and, unless the variable is secret, the value that broke it. */
function problemWith(variable: Variable, raw: string): SettingsProblem {
  return { variable, rule: properties[variable]!['x-secret'] ? ruleOf(variable) : `${ruleOf(variable)}, got '${raw}'` };
}

/**
 * Checks every variable of the schema against its rule and converts it; throws one SettingsError naming
 * each variable that is wrong. An empty value counts as unset, as `FOO= npm start` means.
 */
export function validateEnvironment(env: Readonly<Record<string, string | undefined>>): Environment {
  const given: Record<string, string> = {};
  for (const variable of Object.keys(properties)) {
    const value = env[variable];
    if (value !== undefined && value !== '') given[variable] = value;
  }
  const values: Record<string, unknown> = { ...given };
  if (validate(values)) return values as Environment;
  const failed = new Set((validate.errors ?? []).map((error) => error.instancePath.slice(1)));
  const problems = Object.keys(properties)
    .filter((variable) => failed.has(variable))
    .map((variable) => problemWith(variable as Variable, given[variable] ?? ''));
  const [first, ...others] = problems;
  if (!first) throw new SettingsError('environment', 'does not match its schema');
  throw new SettingsError(first.variable, first.rule, 'CFG_SETTINGS_INVALID', others);
}
