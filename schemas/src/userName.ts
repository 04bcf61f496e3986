/** The parts of a user their name is made of, as tokens, manifests and the user list carry them. */
interface NamedUser {
  givenName: string;
  familyName: string;
  email: string;
}

/** Given and family name, as a person is addressed; '' when the account carries neither. */
export function fullName(user: Pick<NamedUser, 'givenName' | 'familyName'>): string {
  return `${user.givenName} ${user.familyName}`.trim();
}

/**
 * What the platform calls a user wherever one name is shown (the top bar, the user list, toasts, the
 * messaging profile's user id): the full name, else the email, which every account has (decision 0080).
 */
export function displayName(user: NamedUser): string {
  return fullName(user) || user.email;
}
