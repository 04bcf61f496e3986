import type { ScreenProps } from '../screenProps.ts';
import { OnwardScreens } from './OnwardScreens.tsx';

/**
 * The screen of a module whose content the specification does not show: its title, where it
 * sits, the parameters it was opened with, an honest empty state, and the way on to the screens
 * below it that need a value to open.
 */
export function GenericScreen({ title, module, route, params }: ScreenProps) {
  const entries = Object.entries(params).filter(([name, value]) => name !== '*' && value !== undefined);
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
