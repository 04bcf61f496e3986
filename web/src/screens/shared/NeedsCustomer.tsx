import { CustomerSwitcher } from '../../ui/CustomerSwitcher.tsx';

/**
 * Readings: staff with no customer chosen are told a screen needs one and are offered the switcher;
 * a user without any customer is told so.
 */
export function NeedsCustomer({ staff, what }: { staff: boolean; what: string }) {
  return (
    <div className="empty-state" role="status">
      {staff ? (
        <>
          <p>Choose the customer whose {what} you want to see.</p>
          <div className="needs-customer-switcher">
            <CustomerSwitcher />
          </div>
        </>
      ) : (
        <p>Your account belongs to no customer, so there are no {what} to show.</p>
      )}
    </div>
  );
}
