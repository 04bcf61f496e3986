import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { signOutOfPlatform } from '../../auth/signOutOfPlatform.ts';
import { signOutThen } from '../../auth/signOutThen.ts';
import { APP_PATHS } from '../../navigation/appPaths.ts';

/** /logout: signs the user out, then goes to /login. A failed sign-out is only logged (spec 8). */
export function LogoutScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    void signOutThen(signOutOfPlatform, () => {
      if (cancelled) return;
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'publicConfig' });
      queryClient.setQueryData(['session'], null);
      navigate(APP_PATHS.login, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate, queryClient]);
  return (
    <main id="main" className="centered">
      <h1>Signing out</h1>
    </main>
  );
}
