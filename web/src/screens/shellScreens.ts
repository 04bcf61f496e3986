// The platform's own screens outside sign-in, in one chunk: profile, not found and the check page.
export { LoadingScreen } from './Loading/LoadingScreen.tsx';
export { NotFoundScreen } from './NotFound/NotFoundScreen.tsx';
export { ProfileScreen } from './Profile/ProfileScreen.tsx';
