import { Link } from 'react-router';
import { APP_PATHS } from '../../navigation/appPaths.ts';

/** Says that a list is narrowed to the selected site groups, and where to change that. */
export function SiteGroupFilterNote({ selected }: { selected: readonly string[] }) {
  if (!selected.length) return null;
  return (
    <p className="hint" data-testid="site-group-filter">
      Showing site group{selected.length === 1 ? '' : 's'} {selected.join(', ')} only. <Link to={APP_PATHS['settings.sitegroups']}>Change</Link>
    </p>
  );
}
