import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { customerSuggestionsQuery } from '../api/customers.ts';
import { useDebounced } from '../hooks/useDebounced.ts';

/** A customer as a picker shows it. */
export interface CustomerChoice {
  id: string;
  name: string;
}

interface CustomerComboboxProps {
  label: string;
  /** The customer chosen, or null for none. */
  value: CustomerChoice | null;
  onChoose: (customer: CustomerChoice | null) => void;
  /** The option that chooses no customer (e.g. "All customers"); left out, there is none. */
  noneLabel?: string;
  /** Customers not offered, e.g. those a multiple choice holds already. */
  hiddenIds?: readonly string[];
  /** The id of a text that describes the box (a hint or an error). */
  describedBy?: string;
  className?: string;
}

/** How long typing must pause before the service is asked. */
const TYPING_PAUSE_MS = 250;

/**
 * Picks a customer by typing a part of its name or id: the service is asked for the first matches as
 * typing pauses, so thousands of customers are never loaded (decision 0050). The ARIA 1.2 combobox
 * pattern: the input keeps focus, the arrow keys move through the suggestions (aria-activedescendant),
 * Enter chooses, Escape closes and puts the chosen name back. Keys act only on the answer for what the
 * box holds: until it comes the list says "Searching…", arrow keys are counted ahead and Enter waits
 * for it, so a previous answer's suggestion is never chosen (decision 0071).
 */
export function CustomerCombobox({ label, value, onChoose, noneLabel, hiddenIds = [], describedBy, className }: CustomerComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  /** What is typed; null while the box shows the chosen customer. */
  const [typed, setTyped] = useState<string | null>(null);
  /** The option the arrow keys point at, -1 for none; counted ahead while the answer is awaited. */
  const [active, setActive] = useState(-1);
  /** The text an Enter pressed before its answer came is waiting for; any other change drops it. */
  const heldEnter = useRef<string | null>(null);
  const text = (typed ?? '').trim();
  const query = useDebounced(text, TYPING_PAUSE_MS);
  const suggestions = useQuery({ ...customerSuggestionsQuery(query), enabled: open });

  // A kept previous answer (placeholder data) or one for a query typing has moved past is stale.
  const current = open && query === text && suggestions.data !== undefined && !suggestions.isPlaceholderData;
  const offered = (customers: readonly CustomerChoice[]) => customers.filter((c) => !hiddenIds.includes(c.id));
  const optionsOf = (customers: readonly CustomerChoice[]): (CustomerChoice | null)[] => [
    ...(noneLabel !== undefined && !text ? [null] : []),
    ...offered(customers),
  ];
  const found = current ? offered(suggestions.data.customers) : [];
  const options = current ? optionsOf(suggestions.data.customers) : [];
  const pointed = Math.min(active, options.length - 1);
  const optionId = (index: number) => `${id}-option-${index}`;

  const close = () => {
    setOpen(false);
    setTyped(null);
    setActive(-1);
    heldEnter.current = null;
  };
  const choose = (customer: CustomerChoice | null) => {
    close();
    if (customer?.id !== value?.id) onChoose(customer && { id: customer.id, name: customer.name });
  };
  const move = (by: number) => {
    if (!open) {
      setOpen(true);
      setActive(0);
      return;
    }
    setActive(Math.max(0, Math.min(current ? options.length - 1 : Number.POSITIVE_INFINITY, (current ? pointed : active) + by)));
  };
  /** Enter before the answer for `held` came: asks for it now (the pause need not end) and chooses from it. */
  const chooseWhenAnswered = async (held: string, at: number) => {
    heldEnter.current = held;
    const answer = await queryClient.fetchQuery(customerSuggestionsQuery(held)).catch(() => null);
    if (heldEnter.current !== held || !answer) return;
    heldEnter.current = null;
    const fresh = optionsOf(answer.customers);
    const option = fresh[Math.max(0, Math.min(at, fresh.length - 1))];
    if (option !== undefined) choose(option);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if (event.key === 'Enter' && open) {
      if (current) {
        const option = options[Math.max(pointed, 0)];
        if (option !== undefined) choose(option);
      } else if (!suggestions.isError) void chooseWhenAnswered(text, active);
    } else if (event.key === 'Escape' && open) close();
    else return;
    event.preventDefault();
  };

  const status = !open
    ? ''
    : suggestions.isError
      ? 'The customers could not be loaded.'
      : !current
        ? 'Searching…'
        : found.length === 0
          ? `No customer matches “${query}”.`
          : suggestions.data?.nextCursor
            ? `The first ${found.length} matches: type more of the name or id to find others.`
            : `${found.length} ${found.length === 1 ? 'customer matches' : 'customers match'}.`;

  return (
    <div className={`customer-combobox ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="combobox-field">
        <input
          id={id}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-describedby={describedBy}
          aria-activedescendant={pointed >= 0 ? optionId(pointed) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={noneLabel ?? 'Type a customer’s name'}
          value={typed ?? value?.name ?? ''}
          onChange={(event) => {
            setTyped(event.target.value);
            setOpen(true);
            // Nothing is pointed at until the answer for the new text is seen (ArrowDown goes to its first).
            setActive(-1);
            heldEnter.current = null;
          }}
          onClick={() => !open && move(1)}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <div id={listId} role="listbox" aria-label={`${label} suggestions`} className="combobox-list" hidden={!open || options.length === 0}>
          {options.map((customer, index) => (
            // The keyboard stays on the input (aria-activedescendant), as the combobox pattern has it.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input's onKeyDown chooses with Enter
            <div
              key={customer?.id ?? ''}
              tabIndex={-1}
              id={optionId(index)}
              role="option"
              aria-selected={index === pointed}
              className={customer?.id === value?.id || (!customer && !value) ? 'chosen' : undefined}
              // Before the input's blur, which would close the list under the pointer.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(customer)}
            >
              {customer ? (
                <>
                  {customer.name} <span className="muted">({customer.id})</span>
                </>
              ) : (
                noneLabel
              )}
            </div>
          ))}
        </div>
        {open && options.length === 0 && (
          // What the list would say, for the eye; the status below says it to a screen reader.
          <p className="combobox-list combobox-note" aria-hidden="true">
            {status}
          </p>
        )}
        <span className="visually-hidden" role="status">
          {status}
        </span>
      </div>
    </div>
  );
}
