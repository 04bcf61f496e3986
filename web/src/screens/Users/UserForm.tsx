import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  claimedModuleKeys,
  fullName,
  KNOWN_ROLES,
  landingIsOneOfModules,
  STAFF_ROLE,
  type ManagedUser,
  type ManagedUserFields,
  type UserInvitation,
} from '@platform/schemas';
import { CustomerCombobox } from '../../ui/CustomerCombobox.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { ReasonField } from '../../ui/ReasonField.tsx';
import { useReason } from '../../ui/useReason.ts';
import { refusalInWords } from './refusalInWords.ts';

/** A module the form offers, from the manifest's registry. */
export interface ModuleChoice {
  key: string;
  name: string;
}

interface Props {
  /** The user being changed; absent: a new user is invited. */
  user?: ManagedUser;
  modules: readonly ModuleChoice[];
  /** The name of the user's customer, as the screen read it; its id when there is none. */
  customerName?: string;
  /** Sends the fields; rejects with the service's refusal, whose message the form shows. */
  onSubmit: (fields: UserInvitation | ManagedUserFields) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * Invites a user or changes one: name, role, customer, modules, landing module and MFA, and why. The
 * service writes custom:auth from these fields; modules left unticked for staff means every module.
 */
export function UserForm({ user, modules, customerName, onSubmit, onCancel }: Props) {
  const id = useId();
  const reason = useReason();
  const [email, setEmail] = useState('');
  const [givenName, setGivenName] = useState(user?.givenName ?? '');
  const [familyName, setFamilyName] = useState(user?.familyName ?? '');
  const [role, setRole] = useState(user?.role ?? 'customer');
  const [customer, setCustomer] = useState(user?.customerId ? { id: user.customerId, name: customerName ?? user.customerId } : null);
  // As the platform reads a claim (decision 0082): `HS` is hs, whatever case the pool wrote it in.
  const [had] = useState(() => claimedModuleKeys(user?.modules ?? []));
  const [chosen, setChosen] = useState<readonly string[]>(had);
  const [landing, setLanding] = useState(user?.landingPageModuleKey ?? '');
  const [requireMFA, setRequireMFA] = useState(user?.requireMFA ?? false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<unknown>();
  const first = useRef<HTMLInputElement>(null);
  // The form opens above the table, far from the button pressed: the keyboard starts in its first field (issue 35).
  useEffect(() => first.current?.focus(), []);
  const roles = [...new Set([...KNOWN_ROLES, role])];
  // Keys the user has that the registry does not know stay on offer, ticked, so a save keeps them unless the administrator unticks one.
  const unknownKeys = had.filter((key) => !modules.some((m) => m.key === key));
  const nameOf = (key: string) => modules.find((m) => m.key === key)?.name ?? `unknown module ${key}`;

  const toggle = (key: string) => {
    const next = chosen.includes(key) ? chosen.filter((k) => k !== key) : [...chosen, key];
    setChosen(next);
    if (!landingIsOneOfModules(landing || null, next)) setLanding('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const why = reason.require(
      user ? 'Say why you change this user: the reason goes to the audit log.' : 'Say why you invite this user: the reason goes to the audit log.',
    );
    if (!why) return;
    const fields: ManagedUserFields = {
      givenName: givenName.trim(),
      familyName: familyName.trim(),
      role,
      customerId: customer?.id ?? null,
      // Registry order, whatever order they were ticked in; none ticked for staff means every module.
      modules: chosen.length === 0 && role === STAFF_ROLE ? null : [...modules.map((m) => m.key), ...unknownKeys].filter((k) => chosen.includes(k)),
      landingPageModuleKey: landing || null,
      requireMFA,
      reason: why,
    };
    setBusy(true);
    setRefusal(undefined);
    try {
      await onSubmit(user ? fields : { ...fields, email: email.trim() });
    } catch (error) {
      setRefusal(error);
    } finally {
      setBusy(false);
    }
  };

  const title = user ? `Change ${fullName(user)}` : 'Invite a user';
  return (
    <form className="form preview-form user-form" aria-labelledby={`${id}-title`} onSubmit={(e) => void submit(e)}>
      <h2 id={`${id}-title`}>{title}</h2>
      {!user && (
        <>
          <label htmlFor={`${id}-email`}>Email</label>
          <input id={`${id}-email`} ref={first} type="email" required maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} />
        </>
      )}
      <label htmlFor={`${id}-given`}>Given name</label>
      <input id={`${id}-given`} ref={user ? first : undefined} required maxLength={100} value={givenName} onChange={(e) => setGivenName(e.target.value)} />
      <label htmlFor={`${id}-family`}>Family name</label>
      <input id={`${id}-family`} required maxLength={100} value={familyName} onChange={(e) => setFamilyName(e.target.value)} />
      <label htmlFor={`${id}-role`}>Role</label>
      <select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value)}>
        {roles.map((r) => (
          <option key={r} value={r}>
            {r === STAFF_ROLE ? `${r} (staff)` : r}
          </option>
        ))}
      </select>
      <CustomerCombobox
        className="in-form"
        label="Customer"
        noneLabel="No customer (staff)"
        value={customer}
        onChoose={setCustomer}
        describedBy={`${id}-customer-hint`}
      />
      <p id={`${id}-customer-hint`} className="hint">
        Type a part of the customer's name or id; none for staff.
      </p>
      <fieldset className="module-picks">
        <legend>Modules</legend>
        {role === STAFF_ROLE && <p className="hint">Staff with no module ticked see every module.</p>}
        <div className="module-grid">
          {modules.map((m) => (
            <label key={m.key} className="check">
              <input type="checkbox" checked={chosen.includes(m.key)} onChange={() => toggle(m.key)} /> {m.name}
            </label>
          ))}
          {unknownKeys.map((key) => (
            <label key={key} className="check">
              <input type="checkbox" checked={chosen.includes(key)} onChange={() => toggle(key)} /> unknown module <code>{key}</code>
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={`${id}-landing`}>Landing module</label>
      <select id={`${id}-landing`} value={landing} onChange={(e) => setLanding(e.target.value)}>
        <option value="">None: the welcome page</option>
        {chosen.map((key) => (
          <option key={key} value={key}>
            {nameOf(key)}
          </option>
        ))}
      </select>
      <label className="check">
        <input type="checkbox" checked={requireMFA} onChange={(e) => setRequireMFA(e.target.checked)} /> Require MFA
      </label>
      <ReasonField {...reason.field} label="Reason" placeholder={user ? 'e.g. moved to another team' : 'e.g. new engineer at the site'} />
      {/* The known refusals in plain words; any other says what could not be done ("cannot invite the user: …"). */}
      <ErrorNotice error={refusalInWords(refusal)} />
      <div className="form-actions">
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : user ? 'Save changes' : 'Send invitation'}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
