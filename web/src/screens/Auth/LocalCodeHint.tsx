import { useQuery } from '@tanstack/react-query';
import { isDemoOrLocal } from '@platform/schemas';
import { publicConfigQuery } from '../../api/publicConfig.ts';

/** The local identity provider sends no email: say where its codes go instead. */
export function LocalCodeHint() {
  const { data } = useQuery(publicConfigQuery);
  if (!data || !isDemoOrLocal(data.environment)) return null;
  return (
    <p className="hint">
      Local identity provider: no email is sent. The code is in its log, <code>cognito-local.log</code>, whose path <code>npm start</code> prints.
    </p>
  );
}
