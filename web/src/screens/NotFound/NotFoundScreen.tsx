import { Link, useLocation } from 'react-router';
import { APP_PATHS } from '../../navigation/appPaths.ts';

/** The catch-all: an address that matches no route the user has. */
export function NotFoundScreen() {
  const { pathname } = useLocation();
  return (
    <article className="screen">
      <h1>Not found</h1>
      <p>
        There is no page at <code>{pathname}</code>.
      </p>
      <p>
        <Link to={APP_PATHS.root}>Go to your start page</Link>
      </p>
    </article>
  );
}
