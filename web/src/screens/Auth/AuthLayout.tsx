import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { publicConfigQuery } from '../../api/publicConfig.ts';

/** The frame of the sign-in pages: the product's name and one card. */
export function AuthLayout() {
  const { data } = useQuery(publicConfigQuery);
  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <p className="auth-product" aria-hidden="true">
          {data?.productName}
        </p>
        <Outlet />
      </div>
    </main>
  );
}
