import { passwordRules, type PasswordPolicy } from '../../auth/passwordPolicy.ts';

/** The user pool's password rules as a list, for a new-password field to name as its description (`id`). */
export function PasswordRules({ id, policy, lead }: { id: string; policy: PasswordPolicy; lead: string }) {
  return (
    <div id={id} className="hint">
      <p>{lead}</p>
      <ul>
        {passwordRules(policy).map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </div>
  );
}
