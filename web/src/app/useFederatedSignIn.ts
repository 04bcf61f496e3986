import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { clearRedirectCookie } from '../api/forcedLogin.ts';
import { onFederatedSignIn } from '../auth/federatedSignIn.ts';
import { sessionQuery } from '../hooks/useSession.ts';
import { APP_PATHS } from '../navigation/appPaths.ts';
import { failureText } from '../ui/errorText.ts';

/** Spec section 4, step 4: after a successful federated sign-in, go to emptyPage ('/'). */
export function useFederatedSignIn(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onFederatedSignIn((event) => {
        if (event.ok) {
          clearRedirectCookie();
          void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }).then(() => navigate(APP_PATHS.root, { replace: true }));
        } else {
          toast.error(failureText('Could not sign in with single sign-on', event.message));
          navigate(APP_PATHS.singleSignOn, { replace: true });
        }
      }),
    [navigate, queryClient],
  );
}
