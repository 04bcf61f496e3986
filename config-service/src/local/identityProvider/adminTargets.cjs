// Preloaded into the cognito-local child: what the user-management API needs of the emulator that
// cognito-local 5 lacks (decision 0049), added to its table of operations as Cognito answers them:
// AdminSetUserMFAPreference, AdminCreateUser's RESEND, AdminResetUserPassword, AdminUserGlobalSignOut, and a sign-in that
// refuses a disabled user and checks an invited user's temporary password. Only the service reaches the administrators' calls (the
// browser's adapter passes none of them, decision 0041).
// And SMS MFA (decision 0048): cognito-local sends its SMS_MFA challenge, and logs the code with the phone
// number as destination, only for a user with the legacy MFAOptions, which none of its operations writes.
// The MFA preference operations keep that field in step with SMS_MFA in UserMFASettingList, as Cognito
// keeps the two views of one setting.
const { randomBytes } = require('node:crypto');
const { Targets } = require('cognito-local/lib/targets/targets.js');
const { CognitoError, InvalidParameterError, NotAuthorizedError, UserNotFoundError } = require('cognito-local/lib/errors.js');
const { userToResponseObject } = require('cognito-local/lib/targets/responses.js');

const attributeOf = (user, name) => user.Attributes?.find((a) => a.Name === name)?.Value;
const emailOf = (user) => attributeOf(user, 'email');

/** The legacy MFAOptions that say "SMS to phone_number": what cognito-local's SMS_MFA challenge reads. */
const smsDelivery = (methods, user) =>
  methods.includes('SMS_MFA') && attributeOf(user, 'phone_number') ? [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }] : undefined;

// AdminSetUserMFAPreference: SetUserMFAPreference's rules, for a user named by an administrator, and email MFA
// (EmailMfaSettings, which mfaChallengeTargets.cjs sends codes for).
Targets.AdminSetUserMFAPreference =
  ({ cognito, clock }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError('User does not exist.');
    const methods = new Set(user.UserMFASettingList ?? []);
    for (const [settings, method] of [
      [req.SMSMfaSettings, 'SMS_MFA'],
      [req.SoftwareTokenMfaSettings, 'SOFTWARE_TOKEN_MFA'],
      [req.EmailMfaSettings, 'EMAIL_OTP'],
    ]) {
      if (!settings) continue;
      if (settings.Enabled && method === 'SOFTWARE_TOKEN_MFA' && !user.SoftwareTokenMfaConfiguration?.Verified)
        throw new InvalidParameterError('User has not verified software token MFA');
      // Cognito's answer to an administrator who turns SMS on for a user with no phone number.
      if (settings.Enabled && method === 'SMS_MFA' && !attributeOf(user, 'phone_number'))
        throw new InvalidParameterError('User does not have delivery config set to turn on SMS_MFA');
      if (settings.Enabled) methods.add(method);
      else methods.delete(method);
    }
    const preferred = req.SMSMfaSettings?.PreferredMfa
      ? 'SMS_MFA'
      : req.SoftwareTokenMfaSettings?.PreferredMfa
        ? 'SOFTWARE_TOKEN_MFA'
        : req.EmailMfaSettings?.PreferredMfa
          ? 'EMAIL_OTP'
          : undefined;
    const UserMFASettingList = [...methods];
    await userPool.saveUser(ctx, {
      ...user,
      UserMFASettingList,
      MFAOptions: smsDelivery(UserMFASettingList, user),
      PreferredMfaSetting: preferred,
      UserLastModifiedDate: clock.get(),
    });
    return {};
  };

// SetUserMFAPreference (the user's own): cognito-local's, then MFAOptions brought in step, so SMS a user
// turns off is off (the legacy field alone would still send the challenge) and SMS turned on for a user
// with a phone number is sent. The user is the access token's subject, as cognito-local reads it.
const setUserMFAPreference = Targets.SetUserMFAPreference;
Targets.SetUserMFAPreference = (services) => {
  const setPreference = setUserMFAPreference(services);
  return async (ctx, req) => {
    const answer = await setPreference(ctx, req);
    const { client_id, sub } = JSON.parse(Buffer.from(String(req.AccessToken).split('.')[1], 'base64url').toString('utf8'));
    const userPool = await services.cognito.getUserPoolForClientId(ctx, client_id);
    const user = await userPool.getUserByUsername(ctx, sub);
    if (user) await userPool.saveUser(ctx, { ...user, MFAOptions: smsDelivery(user.UserMFASettingList ?? [], user) });
    return answer;
  };
};

// AdminResetUserPassword: the user must choose a new password through "forgot password" before signing in
// again (RESET_REQUIRED, which cognito-local's sign-in answers with PasswordResetRequiredException, Amplify's
// RESET_PASSWORD step). Cognito also sends a code at once; here the forgot-password step sends (logs) it.
Targets.AdminResetUserPassword =
  ({ cognito, clock }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError('User does not exist.');
    await userPool.saveUser(ctx, { ...user, UserStatus: 'RESET_REQUIRED', UserLastModifiedDate: clock.get() });
    return {};
  };

// AdminUserGlobalSignOut (decision 0093): every refresh token the user holds is revoked, so a refresh grant with
// one (InitiateAuth's REFRESH_TOKEN_AUTH, the hosted UI's token endpoint) is refused from now on, enabled again or
// not, as Cognito refuses it. cognito-local finds a refresh token's user by the list kept on the user.
Targets.AdminUserGlobalSignOut =
  ({ cognito }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError('User does not exist.');
    await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  };

// AdminCreateUser with MessageAction RESEND: a new temporary password, delivered (logged) as the first
// one was, for a user who has not signed in yet; Cognito refuses it for anyone else.
const createUser = Targets.AdminCreateUser;
Targets.AdminCreateUser = (services) => {
  const create = createUser(services);
  return async (ctx, req) => {
    if (req.MessageAction !== 'RESEND') return create(ctx, req);
    const userPool = await services.cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError('User does not exist.');
    if (user.UserStatus !== 'FORCE_CHANGE_PASSWORD') throw new CognitoError('UnsupportedUserStateException', 'User is not in FORCE_CHANGE_PASSWORD state');
    const email = emailOf(user);
    if (!email) throw new InvalidParameterError('User has no attribute matching desired delivery mediums');
    const temporaryPassword = req.TemporaryPassword ?? randomBytes(9).toString('base64url');
    const updated = { ...user, Password: temporaryPassword, UserLastModifiedDate: services.clock.get() };
    await userPool.saveUser(ctx, updated);
    await services.messages.deliver(ctx, 'AdminCreateUser', null, userPool.options.Id, updated, temporaryPassword, req.ClientMetadata, {
      AttributeName: 'email',
      DeliveryMedium: 'EMAIL',
      Destination: email,
    });
    return { User: userToResponseObject(updated) };
  };
};

// InitiateAuth: cognito-local signs a disabled user in, and answers an invited user (FORCE_CHANGE_PASSWORD)
// with the new-password step whatever password was typed. Cognito refuses both.
const initiateAuth = Targets.InitiateAuth;
Targets.InitiateAuth = (services) => {
  const signIn = initiateAuth(services);
  return async (ctx, req) => {
    const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const parameters = req.AuthParameters ?? {};
    const user =
      req.AuthFlow === 'USER_PASSWORD_AUTH' && parameters.USERNAME
        ? await userPool.getUserByUsername(ctx, parameters.USERNAME)
        : parameters.REFRESH_TOKEN
          ? await userPool.getUserByRefreshToken(ctx, parameters.REFRESH_TOKEN)
          : null;
    if (user?.Enabled === false) throw new NotAuthorizedError('User is disabled.');
    if (req.AuthFlow === 'USER_PASSWORD_AUTH' && user?.UserStatus === 'FORCE_CHANGE_PASSWORD' && user.Password !== parameters.PASSWORD)
      throw new NotAuthorizedError('Incorrect username or password.');
    return signIn(ctx, req);
  };
};

// ListUsers a page at a time, as Cognito answers it: at most Limit users (60 and no more), in a stable
// order, and a PaginationToken while more follow. cognito-local answers every user at once, which would
// hide what listing a large pool costs (the directory's reconciliation, decision 0092).
Targets.ListUsers =
  ({ cognito }) =>
  async (ctx, req) => {
    const limit = req.Limit || 60;
    if (limit < 0 || limit > 60) throw new InvalidParameterError('Limit must be between 0 and 60');
    const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
    const users = (await userPool.listUsers(ctx, req.Filter)).sort((a, b) => (a.Username < b.Username ? -1 : a.Username > b.Username ? 1 : 0));
    const after = req.PaginationToken ? Buffer.from(req.PaginationToken, 'base64url').toString('utf8') : undefined;
    const rest = after === undefined ? users : users.filter((u) => u.Username > after);
    const page = rest.slice(0, limit);
    const last = page[page.length - 1];
    return {
      Users: page.map(userToResponseObject),
      ...(rest.length > limit && last ? { PaginationToken: Buffer.from(last.Username, 'utf8').toString('base64url') } : {}),
    };
  };
