import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { BreadcrumbSlot } from './breadcrumbSlot.ts';
import { publicConfigQuery } from '../api/publicConfig.ts';
import { useUserManifest } from '../hooks/useUserManifest.ts';

/** The frame every signed-in screen lives in: skip link, header with navigation, main. */
export function AppFrame() {
  const { data: config } = useQuery(publicConfigQuery);
  const { data: manifest } = useUserManifest();
  const user = manifest?.user;
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  return (
    <div className="frame">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="topbar">
        <NavLink to="/" className="brand" end>
          {config?.productName}
        </NavLink>
        <nav aria-label="Modules" className="module-nav">
          <ul>
            {manifest?.modules.map((m) => (
              <li key={m.key}>
                <NavLink to={m.baseUrl}>{m.name}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Account" className="account-nav">
          <ul>
            <li>
              <NavLink to="/settings">Settings</NavLink>
            </li>
            <li>
              <NavLink to="/profile">{user ? `${user.givenName} ${user.familyName}`.trim() || user.email : 'Profile'}</NavLink>
            </li>
            <li>
              <NavLink to="/logout">Sign out</NavLink>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <div ref={setSlot} />
        <BreadcrumbSlot.Provider value={slot}>
          <Outlet />
        </BreadcrumbSlot.Provider>
      </main>
    </div>
  );
}
