import { useId } from 'react';
import type { ExposureRules } from '@platform/schemas';

interface Props {
  moduleName: string;
  rules: ExposureRules;
  roles: readonly string[];
  environments: readonly string[];
  onChange: (rules: ExposureRules) => void;
}

const toggled = (list: readonly string[], item: string, on: boolean) => (on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item));

/** A limit that is either "every one" or a ticked list: the two halves of one exposure rule. */
function LimitPicks({
  legend,
  everyLabel,
  names,
  chosen,
  onChange,
}: {
  legend: string;
  everyLabel: string;
  names: readonly string[];
  chosen: string[] | null;
  onChange: (chosen: string[] | null) => void;
}) {
  const all = [...new Set([...names, ...(chosen ?? [])])];
  return (
    <fieldset className="limit-picks">
      <legend>{legend}</legend>
      <label className="check">
        <input type="checkbox" checked={chosen === null} onChange={(e) => onChange(e.target.checked ? null : [])} /> {everyLabel}
      </label>
      {all.map((name) => (
        <label key={name} className="check">
          <input
            type="checkbox"
            disabled={chosen === null}
            checked={chosen?.includes(name) ?? false}
            onChange={(e) => onChange(toggled(chosen ?? [], name, e.target.checked))}
          />{' '}
          {name}
        </label>
      ))}
      {chosen?.length === 0 && <p className="hint">None ticked: nobody is shown the module.</p>}
    </fieldset>
  );
}

/** Who is shown a module (its `exposure`), as a form that writes the JSON. */
export function ExposureForm({ moduleName, rules, roles, environments, onChange }: Props) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="exposure-form">
      <h3 id={`${id}-title`}>Who is shown {moduleName}</h3>
      <div className="form exposure-grid">
        <LimitPicks legend="Roles" everyLabel="Every role" names={roles} chosen={rules.roles} onChange={(chosen) => onChange({ ...rules, roles: chosen })} />
        <LimitPicks
          legend="Environments"
          everyLabel="Every environment"
          names={environments}
          chosen={rules.environments}
          onChange={(chosen) => onChange({ ...rules, environments: chosen })}
        />
        <fieldset className="limit-picks">
          <legend>New customers</legend>
          <label className="check">
            <input type="checkbox" checked={rules.enabledForNewCustomers} onChange={(e) => onChange({ ...rules, enabledForNewCustomers: e.target.checked })} />{' '}
            Switched on for new customers
          </label>
        </fieldset>
      </div>
    </section>
  );
}
