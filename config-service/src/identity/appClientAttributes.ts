/**
 * The user attributes the web app writes for its user (sign-up: the email and the name). Its app client
 * may write these and nothing else: the local pool's client is given exactly these, and the local
 * adapter lets a browser write no other (decision 0041).
 */
export const WEB_APP_WRITE_ATTRIBUTES: readonly string[] = ['email', 'given_name', 'family_name'];

/** The attributes the ID token carries for the platform: what the web app's client reads. */
export const WEB_APP_READ_ATTRIBUTES: readonly string[] = ['email', 'email_verified', 'given_name', 'family_name', 'custom:auth', 'custom:meta'];

/** The attribute every authorisation rests on (role, customer, modules): only administrators may write it. */
export const AUTHORISATION_ATTRIBUTE = 'custom:auth';
