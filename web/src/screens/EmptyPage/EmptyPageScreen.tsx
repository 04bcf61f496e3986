import { Link } from 'react-router';
import { useUserManifest } from '../../hooks/useUserManifest.ts';
import { CustomerOverview } from './CustomerOverview.tsx';
import { moduleLink } from '../../navigation/routeLink.ts';

/** '/' for a user with no landing module: a welcome and whatever they can open. */
export function EmptyPageScreen() {
  const { data: manifest } = useUserManifest();
  const name = manifest?.user.givenName;
  const modules = manifest?.modules ?? [];
  return (
    <article className="screen">
      <h1>{name ? `Welcome, ${name}` : 'Welcome'}</h1>
      {modules.length === 0 ? (
        <div className="empty-state" role="status">
          <p>No modules are enabled for your account yet.</p>
          <p className="muted">Ask your administrator for access. Your profile and settings are always available.</p>
        </div>
      ) : (
        <ul className="module-cards">
          {modules.map((m) => (
            <li key={m.key}>
              <Link to={moduleLink(m)}>{m.name}</Link>
            </li>
          ))}
        </ul>
      )}
      <CustomerOverview />
    </article>
  );
}
