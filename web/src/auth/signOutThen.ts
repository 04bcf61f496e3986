/** Spec section 8: a sign-out that fails is only logged; whoever asked goes on either way. */
export async function signOutThen(
  signOut: () => Promise<void>,
  next: () => void,
  log: (message: string, error: unknown) => void = console.error,
): Promise<void> {
  try {
    await signOut();
  } catch (error) {
    log('sign-out failed', error);
  }
  next();
}
