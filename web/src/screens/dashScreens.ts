// The dashboard module's screens (welcome, settings, notifications), in one chunk.
export { EmptyPageScreen } from './EmptyPage/EmptyPageScreen.tsx';
export { NotificationsScreen } from './Notifications/NotificationsScreen.tsx';
export { PublishersScreen } from './Publishers/PublishersScreen.tsx';
export { CustomersScreen } from './Settings/CustomersScreen.tsx';
export { ModulesScreen } from './Settings/ModulesScreen.tsx';
export { SiteGroupsScreen } from './SiteGroups/SiteGroupsScreen.tsx';
export { UploadsScreen } from './Uploads/UploadsScreen.tsx';
export { UsersScreen } from './Users/UsersScreen.tsx';

/** The release screens (staff only), a chunk of their own fetched from this one. */
export const releaseScreens = () => import('./releaseScreens.ts');
