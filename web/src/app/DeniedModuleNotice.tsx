import { useLocation } from 'react-router';
import { useUserManifest } from '../hooks/useUserManifest.ts';
import { deniedModule } from './guard.ts';

/** Addresses longer than this are cut in the notice: it names the address, it does not reproduce a novel. */
const SHOWN_PATH = 120;

/**
 * Says why a link did not open when the guard sent it from a module the user may not open to '/' and
 * on to the landing page (spec section 4). The reason travels in the router's state, never the
 * address, and is shown only for a module the manifest lists as unavailable, under its own name, and
 * an address within it: a crafted link cannot make the page say anything else.
 */
export function DeniedModuleNotice() {
  const { state } = useLocation();
  const manifest = useUserManifest().data;
  const denied = deniedModule(state);
  const module = denied && manifest?.unavailable.find((m) => m.key === denied.key);
  if (!denied || !module || !(denied.path === module.baseUrl || denied.path.startsWith(`${module.baseUrl}/`))) return null;
  const path = denied.path.length > SHOWN_PATH ? `${denied.path.slice(0, SHOWN_PATH)}…` : denied.path;
  return (
    <p className="notice denied-notice" role="status">
      You don't have access to {module.name} ({path}). Ask your administrator.
    </p>
  );
}
