/** Amplify's sign-in machinery, fetched as a chunk of its own on first use (see signInFlow.ts). */
export const loadSignInFlow = () => import('./signInFlow.ts');
