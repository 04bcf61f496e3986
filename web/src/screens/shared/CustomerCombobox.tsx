import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { customerSuggestionsQuery } from '../../api/customers.ts';
import { useDebounced } from '../../hooks/useDebounced.ts';

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
 * Enter chooses, Escape closes and puts the chosen name back.
 */
export function CustomerCombobox({ label, value, onChoose, noneLabel, hiddenIds = [], describedBy, className }: CustomerComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  /** What is typed; null while the box shows the chosen customer. */
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const query = useDebounced((typed ?? '').trim(), TYPING_PAUSE_MS);
  const suggestions = useQuery({ ...customerSuggestionsQuery(query), enabled: open });

  const found = (suggestions.data?.customers ?? []).filter((c) => !hiddenIds.includes(c.id));
  const options: (CustomerChoice | null)[] = [...(noneLabel !== undefined && !query ? [null] : []), ...found];
  const optionId = (index: number) => `${id}-option-${index}`;

  const close = () => {
    setOpen(false);
    setTyped(null);
    setActive(-1);
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
    setActive((current) => Math.max(0, Math.min(options.length - 1, current + by)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if (event.key === 'Enter' && open && options[active] !== undefined) choose(options[active]);
    else if (event.key === 'Escape' && open) close();
    else return;
    event.preventDefault();
  };

  const status = !open
    ? ''
    : suggestions.isError
      ? 'The customers could not be loaded.'
      : !suggestions.data || suggestions.isPlaceholderData || (typed ?? '').trim() !== query
        ? 'Searching…'
        : found.length === 0
          ? `No customer matches “${query}”.`
          : suggestions.data.nextCursor
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
          aria-activedescendant={open && active >= 0 && active < options.length ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={noneLabel ?? 'Type a customer’s name'}
          value={typed ?? value?.name ?? ''}
          onChange={(event) => {
            setTyped(event.target.value);
            setOpen(true);
            setActive(0);
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
              aria-selected={index === active}
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
        <span className="visually-hidden" role="status">
          {status}
        </span>
      </div>
    </div>
  );
}
