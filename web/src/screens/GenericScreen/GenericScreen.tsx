import { useEffect } from 'react';
import { paramNames } from '@platform/schemas';
import { useUserManifest } from '../../hooks/useUserManifest.ts';
import { rememberOpening } from '../../selection/recentOpenings.ts';
import type { ScreenProps } from '../screenProps.ts';
import { OnwardScreens } from './OnwardScreens.tsx';

/**
 * The screen of a module whose content the specification does not show: its title, where it
 * sits, the parameters it was opened with, an honest empty state, and the way on to the screens
 * below it that need a value to open.
 */
export function GenericScreen({ title, module, route, params }: ScreenProps) {
  const entries = Object.entries(params).filter(([name, value]) => name !== '*' && value !== undefined);
  const sub = useUserManifest().data?.user.sub;
  // The values of this screen's own address, for the forms that open it to offer again (decision 0075).
  const opened = JSON.stringify(Object.fromEntries(paramNames(route.fullPath).flatMap((p) => (params[p] === undefined ? [] : [[p, params[p]]]))));
  useEffect(() => {
    if (sub && opened !== '{}') rememberOpening(sub, route.fullPath, JSON.parse(opened) as Record<string, string>);
  }, [sub, route.fullPath, opened]);
  return (
    <article className="screen">
      <h1>{title}</h1>
      <p className="screen-module">{module.name}</p>
      {entries.length > 0 && (
        <dl className="screen-params" aria-label="Opened for">
          {entries.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="empty-state" role="status">
        <p>Nothing to show here yet.</p>
        <p className="muted">Nothing has been recorded{entries.length ? ' for this selection' : ' in this view'} so far.</p>
      </div>
      <OnwardScreens module={module} route={route} params={params} />
    </article>
  );
}
