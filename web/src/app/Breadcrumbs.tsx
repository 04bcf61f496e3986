import { Link } from 'react-router';
import type { Crumb } from '../navigation/breadcrumbTrail.ts';

/** The breadcrumb trail; the last crumb is the current page. */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {trail.map((crumb, i) =>
          i === trail.length - 1 ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the trail's order is its identity
            <li key={crumb.to + i} aria-current="page">
              {crumb.label}
            </li>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the trail's order is its identity
            <li key={crumb.to + i}>
              <Link to={crumb.to}>{crumb.label}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
