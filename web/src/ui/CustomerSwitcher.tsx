import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { STAFF_ROLE } from '@platform/schemas';
import { customerQuery } from '../api/customers.ts';
import { useUserManifest } from '../hooks/useUserManifest.ts';
import { chooseCustomer, forgetChoiceUnlessStaff } from '../selection/customerContext.ts';
import { CustomerCombobox, type CustomerChoice } from './CustomerCombobox.tsx';

/**
 * Lets staff act for a customer, found by typing a part of its name or id. The choice is kept in
 * localStorage only while the role is staff.
 */
export function CustomerSwitcher() {
  const { data: manifest } = useUserManifest();
  const isStaff = manifest?.user.role === STAFF_ROLE;
  const chosenId = isStaff ? manifest.customerId : null;
  // The chosen customer's name, for the box; its id stands in until it is read.
  const chosen = useQuery({ ...customerQuery(chosenId ?? ''), enabled: Boolean(chosenId) });
  const queryClient = useQueryClient();

  useEffect(() => {
    // A customer user must never carry a choice left behind by a staff session in this browser.
    if (manifest) forgetChoiceUnlessStaff({ role: manifest.user.role, customerId: manifest.customerId });
  }, [manifest]);

  if (!isStaff) return null;

  async function choose(customer: CustomerChoice | null) {
    chooseCustomer(customer?.id ?? null);
    await queryClient.invalidateQueries({ queryKey: ['userManifest'] });
    toast.success(customer ? `Acting for ${customer.name}` : 'No customer selected');
  }

  const value = chosenId ? { id: chosenId, name: chosen.data?.id === chosenId ? chosen.data.name : chosenId } : null;
  return <CustomerCombobox className="customer-switcher" label="Customer" value={value} noneLabel="All customers" onChoose={(c) => void choose(c)} />;
}
