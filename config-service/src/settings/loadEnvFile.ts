import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { SettingsError } from './settingsError.ts';

const NAME = /^(export\s+)?[A-Za-z_][A-Za-z0-9_]*\s*=/;
const OPENING_QUOTE = /^(?:export\s+)?[A-Za-z_][A-Za-z0-9_]*\s*=\s*(["'`])/;

/**
 * The first line Node's parser would misread, or undefined. Node's parser never refuses anything (a
 * stray line becomes part of the next name, an unclosed quote part of the value), so a typo would
 * silently change a setting: every line must be blank, a comment, or NAME=value, and a quoted value
 * must close, on a later line if it spans several.
 */
function malformedLine(text: string): string | undefined {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (!NAME.test(line)) return `line ${index + 1} is not NAME=value: '${line.slice(0, 40)}'`;
    const quote = OPENING_QUOTE.exec(line)?.[1];
    if (!quote) continue;
    const rest = line.slice(line.indexOf(quote) + 1);
    if (rest.includes(quote)) continue;
    const closing = lines.findIndex((later, at) => at > index && later.includes(quote));
    if (closing < 0) return `line ${index + 1} opens a ${quote} quote that never closes`;
    index = closing;
  }
  return undefined;
}

/**
 * Reads `path` (a .env file) into `env` under what is already there: a variable the real environment
 * sets, even to '', is left alone, as Node's own `process.loadEnvFile` does. A missing file is fine; an
 * unreadable or malformed one throws. Returns the names taken from the file.
 */
export function loadEnvFile(path: string, env: Record<string, string | undefined> = process.env): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new SettingsError(path, `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`, 'CFG_SETTINGS_ENV_FILE');
  }
  const problem = malformedLine(text);
  if (problem) throw new SettingsError(path, `${problem}; each line must be NAME=value, a # comment or blank`, 'CFG_SETTINGS_ENV_FILE');
  const taken: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(text.replace(/^\uFEFF/, '')))) {
    if (value === undefined || name in env) continue;
    env[name] = value;
    taken.push(name);
  }
  return taken;
}
