import type { ComponentType } from 'react';
import type { ModuleView, ResolvedRoute } from '@platform/schemas';
import { AuthLayout } from '../screens/Auth/AuthLayout.tsx';
import { LoginScreen } from '../screens/Auth/LoginScreen.tsx';
import { deferred } from './deferred.tsx';
import type { ScreenProps } from '../screens/screenProps.ts';

type LayoutProps = { route: ResolvedRoute; module: ModuleView };

// One chunk per module's screens, fetched when one of them first renders. The login form and its
// frame stay in the entry chunk: every visit without a session starts there, and a lazy first
// screen would cost the login page a round trip and a fallback.
const authScreens = () => import('../screens/authScreens.ts');
const shellScreens = () => import('../screens/shellScreens.ts');
const dashScreens = () => import('../screens/dashScreens.ts');
// Reached through the dashboard's chunk, which is always there first: the code the two share (View as
// user, the customers API) then stays in it instead of being split into chunks of its own.
const releaseScreens = () => dashScreens().then((m) => m.releaseScreens());

const frame = deferred('AppFrame', () => import('./AppFrame.tsx').then((m) => m.AppFrame));
/** Every product module's screens: none has content of its own yet (spec: an honest empty state). */
const generic = deferred('GenericScreen', () => import('../screens/GenericScreen/GenericScreen.tsx').then((m) => m.GenericScreen));
const emptyPage = deferred('EmptyPageScreen', () => dashScreens().then((m) => m.EmptyPageScreen));

/**
 * Screens with content of their own; every other screen id renders the generic module screen. Its keys,
 * and the layouts', are schemas/screen-catalogue.json (npm run schemas:generate writes it from here).
 */
const screens: Record<string, ComponentType<ScreenProps>> = {
  'auth.login': LoginScreen,
  'auth.logout': deferred('LogoutScreen', () => authScreens().then((m) => m.LogoutScreen)),
  'auth.signup': deferred('SignupScreen', () => authScreens().then((m) => m.SignupScreen)),
  'auth.forgot': deferred('ForgotPasswordScreen', () => authScreens().then((m) => m.ForgotPasswordScreen)),
  'auth.reset': deferred('ResetPasswordScreen', () => authScreens().then((m) => m.ResetPasswordScreen)),
  'auth.singleSignOn': deferred('SingleSignOnScreen', () => authScreens().then((m) => m.SingleSignOnScreen)),
  'shell.loading': deferred('LoadingScreen', () => shellScreens().then((m) => m.LoadingScreen)),
  'shell.profile': deferred('ProfileScreen', () => shellScreens().then((m) => m.ProfileScreen)),
  'shell.notFound': deferred('NotFoundScreen', () => shellScreens().then((m) => m.NotFoundScreen)),
  'dash.emptyPage': emptyPage,
  'dash.settingsModules': deferred('ModulesScreen', () => dashScreens().then((m) => m.ModulesScreen)),
  'dash.settingsPublishers': deferred('PublishersScreen', () => dashScreens().then((m) => m.PublishersScreen)),
  'dash.settingsCustomers': deferred('CustomersScreen', () => dashScreens().then((m) => m.CustomersScreen)),
  'dash.settingsUsers': deferred('UsersScreen', () => dashScreens().then((m) => m.UsersScreen)),
  'dash.settingsSiteGroups': deferred('SiteGroupsScreen', () => dashScreens().then((m) => m.SiteGroupsScreen)),
  'dash.settingsUploads': deferred('UploadsScreen', () => dashScreens().then((m) => m.UploadsScreen)),
  'dash.notifications': deferred('NotificationsScreen', () => dashScreens().then((m) => m.NotificationsScreen)),
  'dash.settingsReleases': deferred('ReleasesScreen', () => releaseScreens().then((m) => m.ReleasesScreen)),
  'dash.settingsReleaseDraft': deferred('ReleaseDraftScreen', () => releaseScreens().then((m) => m.ReleaseDraftScreen)),
};

/** Layouts that frame their children; other routes with children get the section layout. */
const layouts: Record<string, ComponentType<LayoutProps>> = {
  'shell.frame': frame,
  'auth.layout': AuthLayout,
};

export function screenFor(id: string | undefined): ComponentType<ScreenProps> {
  return (id && screens[id]) || generic;
}

export function layoutFor(id: string | undefined): ComponentType<LayoutProps> | undefined {
  return id ? layouts[id] : undefined;
}

/**
 * Fetches the code a signed-in user's first screen needs: the frame, the module screen every product
 * module renders and the dashboard's (the landing of a user without modules). Started as soon as a
 * session exists, it overlaps the manifest request instead of following it, so that screen never
 * waits on a fallback.
 */
export function preloadSignedInScreens(): Promise<void> {
  return Promise.all([frame.preload(), generic.preload(), emptyPage.preload()]).then(() => undefined);
}
