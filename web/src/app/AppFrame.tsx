import { useQuery } from '@tanstack/react-query';
import { displayName, receivesEventStream } from '@platform/schemas';
import { useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { publicConfigQuery } from '../api/publicConfig.ts';
import { useLiveUpdates } from '../hooks/useLiveUpdates.ts';
import { useMessagingProfile } from '../hooks/useMessagingProfile.ts';
import { SiteGroupSelector } from './SiteGroupSelector.tsx';
import { useUserManifest } from '../hooks/useUserManifest.ts';
import { BreadcrumbSlot } from './breadcrumbSlot.ts';
import { CustomerSwitcher } from '../ui/CustomerSwitcher.tsx';
import { SectionNav } from './SectionNav.tsx';
import { moduleLink } from '../navigation/routeLink.ts';
import { DASHBOARD_STATE } from './guard.ts';
import { NotificationsLink } from './NotificationsLink.tsx';
import { APP_PATHS } from '../navigation/appPaths.ts';
import { ScreenSearch } from './ScreenSearch.tsx';

/** The frame every signed-in screen lives in: skip link, header with navigation, main. */
export function AppFrame() {
  const { data: config } = useQuery(publicConfigQuery);
  const { data: manifest } = useUserManifest();
  const user = manifest?.user;
  // Until MFA is set up the service serves nothing but the profile page (decision 0042): nothing here
  // asks it for more, and no link leads where it would refuse. Unknown until the manifest says.
  const mfaPending = manifest?.mfaPending ?? true;
  // The service streams to staff, and to anyone else about their customer: with none, there is nothing to hear.
  const streams = user !== undefined && !mfaPending && receivesEventStream(user.role, manifest?.customerId);
  useLiveUpdates(streams ? user.sub : undefined, manifest?.customerId);
  useMessagingProfile(!mfaPending);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // A narrow screen's menu closes once the user has gone where they chose. Reset while rendering the
  // new page (React's pattern for state that follows a changed input), not in an effect after it drew.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  const menuButton = useRef<HTMLButtonElement>(null);
  // Escape folds the open menu and hands focus back to its button, so a keyboard user is not left
  // inside a menu that has just disappeared.
  function closeMenuOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: not a control; it hears Escape from anywhere in the open menu's two parts
    <div className="frame" onKeyDown={closeMenuOnEscape}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="topbar">
        <NavLink to={APP_PATHS.root} className="brand" end>
          {config?.productName}
        </NavLink>
        {/* Outside the narrow screen's menu: the search is one tap away at every width. */}
        {manifest && !mfaPending && <ScreenSearch manifest={manifest} />}
        <button
          type="button"
          className="menu-button"
          ref={menuButton}
          aria-expanded={menuOpen}
          aria-controls="primary-navigation account-tools"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <div id="account-tools" className="topbar-tools" data-open={menuOpen}>
          {!mfaPending && <CustomerSwitcher />}
          {!mfaPending && <SiteGroupSelector />}
          <nav aria-label="Account" className="account-nav">
            <ul>
              {!mfaPending && (
                <>
                  <li>
                    {/* The welcome page, with the customer's FlexCM access and latest notifications, for those
                        whom '/' otherwise takes to their landing module. */}
                    <NavLink to={APP_PATHS.root} state={DASHBOARD_STATE} end>
                      Dashboard
                    </NavLink>
                  </li>
                  <li>
                    <NotificationsLink />
                  </li>
                  <li>
                    <NavLink to={APP_PATHS.settings}>Settings</NavLink>
                  </li>
                </>
              )}
              <li>
                <NavLink to={APP_PATHS.profile} className="account-name">
                  {user ? displayName(user) : 'Profile'}
                </NavLink>
              </li>
              <li>
                <NavLink to={APP_PATHS.logout}>Sign out</NavLink>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <div className="frame-body">
        <nav id="primary-navigation" aria-label="Modules" className="sidebar" data-open={menuOpen}>
          <p className="sidebar-label" aria-hidden="true">
            Modules
          </p>
          <ul>
            {manifest?.modules.map((m) => (
              <li key={m.key}>
                <NavLink to={moduleLink(m)}>{m.name}</NavLink>
              </li>
            ))}
          </ul>
          {/* Under an empty heading a user with no module would wonder what failed to load. */}
          {manifest && !mfaPending && manifest.modules.length === 0 && <p className="sidebar-empty">No modules</p>}
        </nav>
        <div className="frame-content">
          {manifest && <SectionNav modules={manifest.modules} />}
          <main id="main" tabIndex={-1}>
            <div ref={setSlot} />
            <BreadcrumbSlot.Provider value={slot}>
              <Outlet />
            </BreadcrumbSlot.Provider>
          </main>
        </div>
      </div>
    </div>
  );
}
