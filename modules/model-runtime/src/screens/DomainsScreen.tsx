import { RouteLink, useCustomer, useSignedInUser, type ScreenProps } from '@platform/module-sdk';
import type { ModelRuntimeDomainList } from '../contracts.generated.ts';
import { Screen, Table } from '../Screen.tsx';
import { seg, useBackend } from '../useBackend.ts';

/** "1 job", "3 jobs". */
const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

const STAFF_ROLE = 'sentient';

/** mr.home: the domains of the customer in context; staff who chose none see every customer's. */
export function DomainsScreen({ title }: ScreenProps) {
  const customer = useCustomer().id;
  const staff = useSignedInUser().role === STAFF_ROLE;
  const path = customer ? `/customers/${seg(customer)}/domains` : staff ? '/domains' : null;
  const answer = useBackend<ModelRuntimeDomainList>(path);
  if (path === null)
    return (
      <article className="screen">
        <h1>{title}</h1>
        <p>Your account names no customer, so there are no domains to show.</p>
      </article>
    );
  return (
    <Screen title={title} answer={answer} missing="No such customer.">
      {({ domains }) => (
        <Table label="Domains" head={['Domain', ...(customer ? [] : ['Customer']), 'Description', 'Jobs', 'Workflows']} empty={!domains.length}>
          {domains.map((d) => (
            <tr key={d.id}>
              <th scope="row">
                <RouteLink to="mr.domain" params={{ domain: d.id }}>
                  {d.name}
                </RouteLink>
              </th>
              {!customer && <td>{d.customerId}</td>}
              <td>{d.description}</td>
              <td>
                <RouteLink to="mr.jobs" params={{ domain: d.id }}>
                  {counted(d.jobs, 'job')}
                </RouteLink>
              </td>
              <td>
                <RouteLink to="mr.workflows" params={{ domain: d.id }}>
                  {counted(d.workflows, 'workflow')}
                </RouteLink>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Screen>
  );
}
