import { StartupError, type StartupErrorCode } from '../errors.ts';

/** Why start-up stopped: a value breaks its rule, a risk production must acknowledge, an unreadable .env, or a package a setting needs is not installed. */
export type SettingsErrorCode = Extract<StartupErrorCode, `CFG_SETTINGS_${string}`>;

/** One variable and the rule its value breaks, in words an operator can act on. */
export interface SettingsProblem {
  variable: string;
  rule: string;
}

/** Thrown when the environment holds a value the service cannot start with; the message names each variable. */
export class SettingsError extends StartupError {
  declare readonly code: SettingsErrorCode;
  /** Every variable that was wrong, so one failed start tells the operator all of them. */
  readonly problems: readonly SettingsProblem[];

  constructor(
    readonly variable: string,
    readonly rule: string,
    code: SettingsErrorCode = 'CFG_SETTINGS_INVALID',
    others: readonly SettingsProblem[] = [],
  ) {
    const problems = [{ variable, rule }, ...others];
    super(code, problems.map((problem) => `${problem.variable}: ${problem.rule}`).join('\n'));
    this.name = 'SettingsError';
    this.problems = problems;
  }
}
