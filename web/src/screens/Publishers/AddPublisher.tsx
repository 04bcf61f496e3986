import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminModuleList, Publisher } from '@platform/schemas';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { addPublisher, publishersQuery } from '../../api/publishers.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { ReasonField } from '../../ui/ReasonField.tsx';
import { useReason } from '../../ui/useReason.ts';

const EMPTY = { issuer: '', audience: '', subject: '' };
type Field = keyof typeof EMPTY;

/** What each field is called, and what goes in it: the CI's token's claim it must equal exactly. */
const FIELDS: Record<Field, { label: string; hint: string; placeholder: string; missing: string }> = {
  issuer: {
    label: 'Issuer',
    hint: 'The tokens’ iss, exactly: https://token.actions.githubusercontent.com for GitHub Actions, https://gitlab.com for GitLab.com.',
    placeholder: 'https://token.actions.githubusercontent.com',
    missing: 'The issuer is the address of the CI’s token issuer, such as https://token.actions.githubusercontent.com.',
  },
  audience: {
    label: 'Audience',
    hint: 'The tokens’ aud, exactly: what the CI job asks its token for.',
    placeholder: 'e.g. this platform’s address',
    missing: 'Say which audience the CI job asks its token for.',
  },
  subject: {
    label: 'Subject',
    hint: 'The tokens’ sub, exactly: repo:org/repo:ref:refs/heads/main (a GitHub branch), repo:org/repo:environment:production (a GitHub environment), project_path:group/project:ref_type:branch:ref:main (GitLab).',
    placeholder: 'repo:org/repo:environment:production',
    missing: 'Say which subject the CI’s tokens carry: it names the repository and the branch or environment.',
  },
};

/** Whether `value` is an address an issuer could have: the service decides whether it must be https. */
const isAddress = (value: string) => /^https?:\/\/\S+$/.test(value);

interface Props {
  /** The registry's modules: a publisher may be trusted with any of them. */
  modules: AdminModuleList['modules'];
  modulesError: Error | null;
}

/** Registers a module team's CI as a trusted publisher of some modules, with why. */
export function AddPublisher({ modules, modulesError }: Props) {
  const id = useId();
  const queryClient = useQueryClient();
  const reason = useReason();
  const [fields, setFields] = useState(EMPTY);
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field | 'modules', string>>>({});
  const add = useMutation({
    mutationFn: addPublisher,
    onSuccess: (added: Publisher) => {
      toast.success(`${added.subject} may now publish ${added.modules.join(', ')} from its CI`);
      setFields(EMPTY);
      setChosen([]);
      reason.clear();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: publishersQuery.queryKey }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = { issuer: fields.issuer.trim(), audience: fields.audience.trim(), subject: fields.subject.trim() };
    const found: typeof errors = {};
    for (const field of Object.keys(FIELDS) as Field[])
      if (!value[field] || (field === 'issuer' && !isAddress(value[field]))) found[field] = FIELDS[field].missing;
    if (!chosen.length) found.modules = 'Choose at least one module it may publish.';
    setErrors(found);
    const why = reason.require('Say why, before trusting a CI to publish: the reason goes to the audit log.');
    if (why && !Object.keys(found).length) add.mutate({ ...value, modules: chosen, reason: why });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="add-publisher">
      <h2 id={`${id}-title`}>Register a publisher</h2>
      <form className="form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
        {(Object.keys(FIELDS) as Field[]).map((field) => (
          <div key={field} className="form">
            <label htmlFor={`${id}-${field}`}>{FIELDS[field].label}</label>
            <input
              id={`${id}-${field}`}
              value={fields[field]}
              maxLength={500}
              autoComplete="off"
              spellCheck={false}
              placeholder={FIELDS[field].placeholder}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={`${id}-${field}-hint${errors[field] ? ` ${id}-${field}-error` : ''}`}
              onChange={(e) => setFields({ ...fields, [field]: e.target.value })}
            />
            <p id={`${id}-${field}-hint`} className="hint">
              {FIELDS[field].hint}
            </p>
            {errors[field] && (
              <p id={`${id}-${field}-error`} className="form-error" role="alert">
                {errors[field]}
              </p>
            )}
          </div>
        ))}
        <fieldset className="module-picks" aria-describedby={errors.modules ? `${id}-modules-error` : undefined}>
          <legend>Modules it may publish</legend>
          <ErrorNotice title="Cannot load the modules" error={modulesError} />
          <div className="module-grid">
            {modules.map((m) => (
              <label key={m.key} className="check">
                <input
                  type="checkbox"
                  checked={chosen.includes(m.key)}
                  onChange={(e) => setChosen(e.target.checked ? [...chosen, m.key] : chosen.filter((k) => k !== m.key))}
                />{' '}
                {m.name} <span className="muted">({m.key})</span>
              </label>
            ))}
          </div>
          {errors.modules && (
            <p id={`${id}-modules-error`} className="form-error" role="alert">
              {errors.modules}
            </p>
          )}
        </fieldset>
        <ReasonField {...reason.field} label="Reason for trusting it" placeholder="e.g. the LCC team's release pipeline" />
        <ErrorNotice title="Could not register the publisher" error={add.error} />
        <div className="form-actions">
          <button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Registering…' : 'Register the publisher'}
          </button>
        </div>
      </form>
    </section>
  );
}
