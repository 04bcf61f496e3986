import { Navigate, useLocation, useParams } from 'react-router';
import { substituteParams } from '@platform/schemas';

/** A manifest redirect: the URL changes; parameters of the same name and the query carry over. */
export function RedirectTo({ pattern }: { pattern: string }) {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate replace to={`${substituteParams(pattern, params)}${search}`} />;
}
