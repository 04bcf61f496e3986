import { createContext } from 'react';

/** What the boundaries and the screen's first render tell the report of the opening they are part of. */
export interface ScreenOutcome {
  shown(): void;
  failed(error: unknown): void;
}

/** The opening a module screen is part of; absent outside ScreenHost (nothing is reported then). */
export const ScreenOutcomeContext = createContext<ScreenOutcome | undefined>(undefined);
