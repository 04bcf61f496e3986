// The parts of Amplify's auth that carry its sign-in machinery (SRP and its big-number arithmetic,
// the challenge steps, the hosted UI's code flow), as a chunk of its own. None is needed before the
// user starts on the login form, has a session, or comes back from single sign-on; so none is among
// what the login page loads before it can be used.
export { confirmSignIn, fetchMFAPreference, signIn, signInWithRedirect } from 'aws-amplify/auth';
