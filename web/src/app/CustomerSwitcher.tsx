import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, type ChangeEvent } from 'react';
import toast from 'react-hot-toast';
import { customersQuery } from '../api/customers.ts';
import { STAFF_ROLE } from '@platform/schemas';
import { chooseCustomer, forgetChoiceUnlessStaff } from '../selection/customerContext.ts';
import { useUserManifest } from '../hooks/useUserManifest.ts';

/** Lets staff act for a customer. The choice is kept in localStorage only while the role is staff. */
export function CustomerSwitcher() {
  const { data: manifest } = useUserManifest();
  const isStaff = manifest?.user.role === STAFF_ROLE;
  const customers = useQuery({ ...customersQuery, enabled: isStaff });
  const queryClient = useQueryClient();
  const id = useId();

  useEffect(() => {
    // A customer user must never carry a choice left behind by a staff session in this browser.
    if (manifest) forgetChoiceUnlessStaff({ role: manifest.user.role, customerId: manifest.customerId });
  }, [manifest]);

  if (!isStaff) return null;

  async function choose(event: ChangeEvent<HTMLSelectElement>) {
    const id = event.target.value;
    chooseCustomer(id || null);
    await queryClient.invalidateQueries({ queryKey: ['userManifest'] });
    const name = customers.data?.customers.find((c) => c.id === id)?.name;
    toast.success(name ? `Acting for ${name}` : 'No customer selected');
  }

  return (
    <div className="customer-switcher">
      <label htmlFor={id}>Customer</label>
      <select id={id} value={manifest.customerId ?? ''} onChange={(e) => void choose(e)} disabled={customers.isPending}>
        <option value="">All customers</option>
        {customers.data?.customers.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
