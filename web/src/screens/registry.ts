import type { ComponentType } from 'react';
import type { ModuleView, ResolvedRoute } from '@platform/schemas';
import { AppFrame } from '../app/AppFrame.tsx';
import { EmptyPageScreen } from './EmptyPage/EmptyPageScreen.tsx';
import { GenericScreen } from './GenericScreen/GenericScreen.tsx';
import { LoadingScreen } from './Loading/LoadingScreen.tsx';
import { AuthLayout } from './Auth/AuthLayout.tsx';
import { ForgotPasswordScreen } from './Auth/ForgotPasswordScreen.tsx';
import { LoginScreen } from './Auth/LoginScreen.tsx';
import { LogoutScreen } from './Auth/LogoutScreen.tsx';
import { ResetPasswordScreen } from './Auth/ResetPasswordScreen.tsx';
import { SignupScreen } from './Auth/SignupScreen.tsx';
import { SingleSignOnScreen } from './Auth/SingleSignOnScreen.tsx';
import { NotFoundScreen } from './NotFound/NotFoundScreen.tsx';
import { ProfileScreen } from './Profile/ProfileScreen.tsx';
import { CustomersScreen } from './Settings/CustomersScreen.tsx';
import { NotificationsScreen } from './Notifications/NotificationsScreen.tsx';
import { SiteGroupsScreen } from './SiteGroups/SiteGroupsScreen.tsx';
import { UploadsScreen } from './Uploads/UploadsScreen.tsx';
import { UsersScreen } from './Users/UsersScreen.tsx';
import { ModulesScreen } from './Settings/ModulesScreen.tsx';
import type { ScreenProps } from './screenProps.ts';

/** Screens with content of their own; every other screen id renders the generic module screen. */
const screens: Record<string, ComponentType<ScreenProps>> = {
  'auth.login': LoginScreen,
  'auth.logout': LogoutScreen,
  'auth.signup': SignupScreen,
  'auth.forgot': ForgotPasswordScreen,
  'auth.reset': ResetPasswordScreen,
  'auth.singleSignOn': SingleSignOnScreen,
  'shell.loading': LoadingScreen,
  'shell.profile': ProfileScreen,
  'shell.notFound': NotFoundScreen,
  'dash.emptyPage': EmptyPageScreen,
  'dash.settingsModules': ModulesScreen,
  'dash.settingsCustomers': CustomersScreen,
  'dash.settingsUsers': UsersScreen,
  'dash.settingsSiteGroups': SiteGroupsScreen,
  'dash.settingsUploads': UploadsScreen,
  'dash.notifications': NotificationsScreen,
};

/** Layouts that frame their children; other routes with children get the section layout. */
const layouts: Record<string, ComponentType<{ route: ResolvedRoute; module: ModuleView }>> = {
  'shell.frame': AppFrame,
  'auth.layout': AuthLayout,
};

export function screenFor(id: string | undefined): ComponentType<ScreenProps> {
  return (id && screens[id]) || GenericScreen;
}

export function layoutFor(id: string | undefined): ComponentType<{ route: ResolvedRoute; module: ModuleView }> | undefined {
  return id ? layouts[id] : undefined;
}

/** The ids this registry knows; `catalogue.json` lists the same for the manifest check. */
export const screenCatalogue = { screens: Object.keys(screens), layouts: Object.keys(layouts) };
