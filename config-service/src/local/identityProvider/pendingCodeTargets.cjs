// Preloaded into the cognito-local child after mfaChallengeTargets.cjs: a code is right only when the emulator
// sent one that is still pending and it is the one given (issue 34, decision 0066). cognito-local compares the
// code given with the one it keeps on the account, and keeps none when none is pending: ConfirmForgotPassword
// without a ConfirmationCode set the password of any account with no reset pending (undefined === undefined),
// and an SMS_MFA answer without a code signed in once the pending code was spent by another session. Cognito
// answers ExpiredCodeException when there is nothing to confirm, CodeMismatchException for another code.
// The adapter refuses a missing code first (missingCode.ts); this holds the emulator itself to the rule, for
// every caller.
const { Targets } = require('cognito-local/lib/targets/targets.js');
const { CodeMismatchError, ExpiredCodeError, NotAuthorizedError, UserNotFoundError } = require('cognito-local/lib/errors.js');

/** Throws Cognito's refusal unless `given` is the code `pending` on the account. */
const checkCode = (pending, given) => {
  if (typeof pending !== 'string' || pending === '') throw new ExpiredCodeError();
  if (typeof given !== 'string' || given !== pending) throw new CodeMismatchError();
};

/**
 * Wraps a target so `check` runs, with the account its request names (null when none is), before cognito-local's
 * own; `accountOf` answers null for a request the check has nothing to say about.
 */
const guard = (name, accountOf, check) => {
  const original = Targets[name];
  Targets[name] = (services) => {
    const target = original(services);
    return async (ctx, req) => {
      if (accountOf(req) === null) return target(ctx, req);
      const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const username = accountOf(req);
      check(typeof username === 'string' ? await userPool.getUserByUsername(ctx, username) : null, req);
      return target(ctx, req);
    };
  };
};

// The password reset: only with the code ForgotPassword sent (or ResendConfirmationCode, through it).
guard(
  'ConfirmForgotPassword',
  (req) => req.Username,
  (user, req) => {
    if (!user) throw new UserNotFoundError();
    checkCode(user.ConfirmationCode, req.ConfirmationCode);
  },
);

// The sign-up: only an account still unconfirmed, and only with its code. Cognito refuses to confirm an account
// twice; cognito-local would mark any account holding a reset code CONFIRMED, ending a reset an administrator asked for.
guard(
  'ConfirmSignUp',
  (req) => req.Username,
  (user, req) => {
    if (!user) throw new NotAuthorizedError();
    if (user.UserStatus !== 'UNCONFIRMED') throw new NotAuthorizedError(`User cannot be confirmed. Current status is ${user.UserStatus}`);
    checkCode(user.ConfirmationCode, req.ConfirmationCode);
  },
);

// The SMS code at sign-in: only the one pending (mfaChallengeTargets.cjs checks email codes so already).
guard(
  'RespondToAuthChallenge',
  (req) => (req.ChallengeName === 'SMS_MFA' ? req.ChallengeResponses?.USERNAME : null),
  (user, req) => {
    if (!user) throw new NotAuthorizedError();
    checkCode(user.MFACode, req.ChallengeResponses?.SMS_MFA_CODE);
  },
);
