// Preloaded into the cognito-local child after adminTargets.cjs: the sign-in steps cognito-local 5 cannot
// send (decision 0048), added to its table of operations as Cognito answers them, so the web app's screens
// meet them from the emulator itself.
// - MFA_SETUP: a pool that requires MFA asks an account with none to set one up. The emulator's MFA setting
//   is per pool, and `ON` would ask every local account; the accounts that stand for users of such a pool are
//   named in its config.json (`MfaSetUpRequired`: email → the methods the pool offers), which
//   startLocalIdentityProvider writes from the demo accounts. AssociateSoftwareToken and VerifySoftwareToken
//   then take the challenge's Session instead of an access token, and RespondToAuthChallenge answers MFA_SETUP:
//   after a verified authenticator, or with an address for email codes (an EMAIL_OTP challenge follows).
// - EMAIL_OTP: an account with email MFA on (UserMFASettingList) is sent a code, logged with the address as
//   Destination as sign-up codes are, and checked.
// The sessions of these challenges are the emulator's own, as Cognito's are: each answers one challenge for
// one user, for three minutes, and is spent once answered rightly. The adapter in front holds the browser to
// the sessions it saw as well (challengeSessions.ts).
const { randomUUID } = require('node:crypto');
const { Targets } = require('cognito-local/lib/targets/targets.js');
const { CodeMismatchError, InvalidParameterError, NotAuthorizedError } = require('cognito-local/lib/errors.js');
const totp = require('cognito-local/lib/services/totp.js');

const SESSION_LIFETIME_MS = 3 * 60_000;
const MAX_SESSIONS = 10_000;
/** Session id → { challenge, username, clientId, offered, associated, verified, setUpEmail, expires }. */
const sessions = new Map();

const issue = (entry) => {
  if (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value);
  const id = randomUUID();
  sessions.set(id, { ...entry, expires: Date.now() + SESSION_LIFETIME_MS });
  return id;
};

/** The live session `id` of `challenge`, or Cognito's refusal. */
const sessionOf = (id, challenge) => {
  const session = typeof id === 'string' ? sessions.get(id) : undefined;
  if (!session || session.expires <= Date.now() || session.challenge !== challenge)
    throw new NotAuthorizedError('Invalid session for the user, session is expired.');
  return session;
};

const emailOf = (user) => user.Attributes?.find((a) => a.Name === 'email')?.Value;
const methodsOf = (user) => user.UserMFASettingList ?? [];
/** The methods the pool offers an account that must set MFA up, or undefined when it need not. */
const setUpOffered = (config, user) => {
  const offered = config.MfaSetUpRequired?.[emailOf(user) ?? ''];
  return Array.isArray(offered) && offered.length > 0 && methodsOf(user).length === 0 && !user.MFAOptions?.length ? offered : undefined;
};

/** The session's user, who must be the one the answer names. */
async function userOf(ctx, services, session, req) {
  const userPool = await services.cognito.getUserPoolForClientId(ctx, session.clientId);
  const user = await userPool.getUserByUsername(ctx, session.username);
  const named = req.ChallengeResponses?.USERNAME ? await userPool.getUserByUsername(ctx, req.ChallengeResponses.USERNAME) : user;
  if (!user || !named || named.Username !== user.Username || (req.ClientId && req.ClientId !== session.clientId)) throw new NotAuthorizedError();
  return { userPool, user };
}

/** Sends an email code to `address`, logged as the emulator logs every message, and the EMAIL_OTP challenge to answer it. */
async function emailChallenge(ctx, services, userPool, user, req, address, setUpEmail) {
  const code = services.otp();
  await services.messages.deliver(ctx, 'Authentication', req.ClientId, userPool.options.Id, user, code, req.ClientMetadata, {
    DeliveryMedium: 'EMAIL',
    AttributeName: 'email',
    Destination: address,
  });
  await userPool.saveUser(ctx, { ...user, MFACode: code });
  return {
    ChallengeName: 'EMAIL_OTP',
    ChallengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL', CODE_DELIVERY_DESTINATION: address, USER_ID_FOR_SRP: user.Username },
    Session: issue({ challenge: 'EMAIL_OTP', username: user.Username, clientId: req.ClientId, setUpEmail }),
  };
}

/** Signs the user in, as cognito-local's own answers do, keeping the refresh token as its password sign-in does. */
async function signedIn(ctx, services, userPool, user, req) {
  const client = await services.cognito.getAppClient(ctx, req.ClientId);
  if (!client) throw new NotAuthorizedError();
  const tokens = await services.tokenGenerator.generate(
    ctx,
    user,
    await userPool.listUserGroupMembership(ctx, user),
    client,
    req.ClientMetadata,
    'Authentication',
  );
  await userPool.storeRefreshToken(ctx, tokens.RefreshToken, user);
  return { ChallengeParameters: {}, AuthenticationResult: tokens };
}

// InitiateAuth: for a password cognito-local accepts (its own refusals stay its own), email MFA, and MFA_SETUP.
const initiateAuth = Targets.InitiateAuth;
Targets.InitiateAuth = (services) => {
  const signIn = initiateAuth(services);
  return async (ctx, req) => {
    const parameters = req.AuthParameters ?? {};
    if (req.AuthFlow !== 'USER_PASSWORD_AUTH' || !parameters.USERNAME) return signIn(ctx, req);
    const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, parameters.USERNAME);
    if (!user || user.Enabled === false || user.UserStatus !== 'CONFIRMED' || user.Password !== parameters.PASSWORD) return signIn(ctx, req);
    const methods = methodsOf(user);
    if (methods.includes('EMAIL_OTP')) {
      if (methods.length === 1) return emailChallenge(ctx, services, userPool, user, req, emailOf(user), undefined);
      return {
        ChallengeName: 'SELECT_MFA_TYPE',
        ChallengeParameters: { USER_ID_FOR_SRP: user.Username, MFAS_CAN_CHOOSE: JSON.stringify(methods) },
        Session: randomUUID(),
      };
    }
    const offered = setUpOffered(services.config, user);
    if (!offered) return signIn(ctx, req);
    return {
      ChallengeName: 'MFA_SETUP',
      ChallengeParameters: { MFAS_CAN_SETUP: JSON.stringify(offered), USER_ID_FOR_SRP: user.Username },
      Session: issue({ challenge: 'MFA_SETUP', username: user.Username, clientId: req.ClientId, offered }),
    };
  };
};

// AssociateSoftwareToken with the MFA_SETUP session: a new secret for the authenticator, and the session to verify it with.
const associateSoftwareToken = Targets.AssociateSoftwareToken;
Targets.AssociateSoftwareToken = (services) => {
  const associate = associateSoftwareToken(services);
  return async (ctx, req) => {
    if (req.AccessToken || !req.Session) return associate(ctx, req);
    const session = sessionOf(req.Session, 'MFA_SETUP');
    if (!session.offered.includes('SOFTWARE_TOKEN_MFA')) throw new InvalidParameterError('Software token MFA is not enabled for this user pool');
    const { userPool, user } = await userOf(ctx, services, session, req);
    const secret = totp.generateSecret();
    await userPool.saveUser(ctx, { ...user, SoftwareTokenMfaConfiguration: { Secret: secret, Verified: false } });
    sessions.delete(req.Session);
    return { SecretCode: secret, Session: issue({ ...session, associated: true }) };
  };
};

// VerifySoftwareToken with that session: the authenticator's first code turns it on; a wrong code leaves the session open.
const verifySoftwareToken = Targets.VerifySoftwareToken;
Targets.VerifySoftwareToken = (services) => {
  const verify = verifySoftwareToken(services);
  return async (ctx, req) => {
    if (req.AccessToken || !req.Session) return verify(ctx, req);
    if (!req.UserCode) throw new InvalidParameterError('Missing required parameter UserCode');
    const session = sessionOf(req.Session, 'MFA_SETUP');
    if (!session.associated) throw new InvalidParameterError('User has not associated a software token');
    const { userPool, user } = await userOf(ctx, services, session, req);
    const secret = user.SoftwareTokenMfaConfiguration?.Secret;
    if (!secret || !totp.verify(secret, req.UserCode)) throw new CodeMismatchError();
    const methods = methodsOf(user).includes('SOFTWARE_TOKEN_MFA') ? methodsOf(user) : [...methodsOf(user), 'SOFTWARE_TOKEN_MFA'];
    await userPool.saveUser(ctx, {
      ...user,
      SoftwareTokenMfaConfiguration: { Secret: secret, Verified: true, FriendlyDeviceName: req.FriendlyDeviceName },
      UserMFASettingList: methods,
      UserLastModifiedDate: services.clock.get(),
    });
    sessions.delete(req.Session);
    return { Status: 'SUCCESS', Session: issue({ ...session, verified: true }) };
  };
};

// RespondToAuthChallenge: MFA_SETUP (after a verified authenticator, or with the address for email codes),
// EMAIL_OTP, and the email method chosen at SELECT_MFA_TYPE; every other answer is cognito-local's.
const respondToAuthChallenge = Targets.RespondToAuthChallenge;
Targets.RespondToAuthChallenge = (services) => {
  const respond = respondToAuthChallenge(services);
  return async (ctx, req) => {
    if (req.ChallengeName === 'MFA_SETUP') {
      const session = sessionOf(req.Session, 'MFA_SETUP');
      const { userPool, user } = await userOf(ctx, services, session, req);
      const address = req.ChallengeResponses?.EMAIL;
      if (address) {
        if (!session.offered.includes('EMAIL_OTP')) throw new InvalidParameterError('Email MFA is not enabled for this user pool');
        sessions.delete(req.Session);
        return emailChallenge(ctx, services, userPool, user, req, address, address);
      }
      if (!session.verified) throw new NotAuthorizedError('MFA is not set up: verify the software token first.');
      sessions.delete(req.Session);
      return signedIn(ctx, services, userPool, user, req);
    }
    if (req.ChallengeName === 'EMAIL_OTP') {
      const session = sessionOf(req.Session, 'EMAIL_OTP');
      const { userPool, user } = await userOf(ctx, services, session, req);
      if (!user.MFACode || user.MFACode !== req.ChallengeResponses?.EMAIL_OTP_CODE) throw new CodeMismatchError();
      sessions.delete(req.Session);
      // Setting email MFA up: the address the code reached is the account's email, verified, and its second factor.
      const setUp = session.setUpEmail
        ? {
            Attributes: [
              ...user.Attributes.filter((a) => a.Name !== 'email' && a.Name !== 'email_verified'),
              { Name: 'email', Value: session.setUpEmail },
              { Name: 'email_verified', Value: 'true' },
            ],
            UserMFASettingList: [...new Set([...methodsOf(user), 'EMAIL_OTP'])],
          }
        : {};
      const updated = { ...user, ...setUp, MFACode: undefined, UserLastModifiedDate: services.clock.get() };
      await userPool.saveUser(ctx, updated);
      return signedIn(ctx, services, userPool, updated, req);
    }
    if (req.ChallengeName === 'SELECT_MFA_TYPE' && req.ChallengeResponses?.ANSWER === 'EMAIL_OTP') {
      const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await userPool.getUserByUsername(ctx, req.ChallengeResponses.USERNAME ?? '');
      if (!user) throw new NotAuthorizedError();
      if (!methodsOf(user).includes('EMAIL_OTP')) throw new InvalidParameterError('Email MFA is not enabled for this user');
      return emailChallenge(ctx, services, userPool, user, req, emailOf(user), undefined);
    }
    return respond(ctx, req);
  };
};
