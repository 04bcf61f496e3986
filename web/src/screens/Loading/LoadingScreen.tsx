import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { publicConfigQuery } from '../../api/publicConfig.ts';
import { APP_PATHS } from '../../navigation/appPaths.ts';

/** /loading: a check page for demo and local environments only (the guard enforces that). */
export function LoadingScreen() {
  const { data } = useQuery(publicConfigQuery);
  return (
    <main id="main" className="centered">
      <article className="card">
        <h1>Loading</h1>
        <p>
          The {data?.productName} platform is running in the <strong>{data?.environment}</strong> environment with manifest set <code>{data?.version}</code>.
        </p>
        <p>
          <Link to={APP_PATHS.root}>Continue</Link>
        </p>
      </article>
    </main>
  );
}
