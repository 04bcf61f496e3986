import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { releaseListQuery } from '../../api/releases.ts';
import { useCustomerNames } from '../../hooks/useCustomerNames.ts';
import type { ScreenProps } from '../screenProps.ts';
import { LoadState } from '../shared/LoadState.tsx';
import { useFocusReturn } from '../shared/useFocusReturn.ts';
import { OlderPages } from '../shared/OlderPages.tsx';
import { InService } from './InService.tsx';
import { ReleaseAudit } from './ReleaseAudit.tsx';
import { ReleaseDiffView } from './ReleaseDiffView.tsx';
import { releaseStatuses } from './releaseStatus.ts';
import { ReleaseTable, type RowAction } from './ReleaseTable.tsx';
import { releaseDraftAddress } from '../../navigation/appPaths.ts';
import { StepForm } from './StepForm.tsx';
import './releases.css';

/**
 * /settings/releases (staff): every manifest release, which one is served and piloted, the difference
 * between any two, rollback, pilots and the audit of every step.
 */
export function ReleasesScreen({ title, module }: ScreenProps) {
  const id = useId();
  const list = useInfiniteQuery(releaseListQuery);
  const [selected, setSelected] = useState<string[]>([]);
  const [action, setAction] = useState<RowAction | undefined>();
  const focus = useFocusReturn();

  // Every page carries the state; the first is the freshest.
  const state = list.data?.pages[0];
  // The pilot's customers are the only ones the list and the panel name.
  const customerName = useCustomerNames(state?.pilot?.customers ?? []);
  const releases = list.data?.pages.flatMap((p) => p.releases) ?? [];
  const statuses = state
    ? releaseStatuses(
        releases.map((r) => r.id),
        state,
      )
    : new Map();
  // Oldest first, so the difference reads as going forward in time.
  const comparing =
    selected.length === 2 ? [...selected].sort((a, b) => releases.findIndex((r) => r.id === b) - releases.findIndex((r) => r.id === a)) : undefined;
  const select = (release: string, on: boolean) =>
    setSelected((list) => (on ? [...list.filter((x) => x !== release), release].slice(-2) : list.filter((x) => x !== release)));
  const activeDraft = state && releaseDraftAddress(module, state.active);

  return (
    <article className="screen releases-screen">
      <h1>{title}</h1>
      <p className="hint">
        A release is a whole manifest set, stored for good under an id made from its content. One is active for everyone; one may be piloted with some customers
        first. Open pages follow a step within seconds.
      </p>
      {!state && <LoadState what="the releases" error={list.error} onRetry={() => void list.refetch()} />}
      {state && (
        <>
          {activeDraft && (
            <p className="screen-actions">
              <Link to={activeDraft} className="button-link">
                Edit a draft of the active release
              </Link>
            </p>
          )}
          <InService state={state} summary={releases.find((r) => r.id === state.active)} customerName={customerName} />
          {action && action.kind !== 'compare' && (
            <StepForm
              key={`${action.kind}-${action.release}`}
              kind={action.kind}
              release={action.release}
              active={state.active}
              onDone={() => {
                setAction(undefined);
                focus.restore();
              }}
            />
          )}
          <section aria-labelledby={`${id}-history`}>
            <h2 id={`${id}-history`}>History</h2>
            <p className="hint">Select two releases to see what changes between them.</p>
            <ReleaseTable
              releases={releases}
              statuses={statuses}
              selected={selected}
              onSelect={select}
              onAction={(a) => {
                // The row's button, to come back to once the step's form is gone.
                if (document.activeElement instanceof HTMLElement) focus.remember(document.activeElement);
                setAction(a);
                if (a.kind === 'compare') setSelected([state.active, a.release]);
              }}
              draftPath={(base) => releaseDraftAddress(module, base)}
              customerName={customerName}
            />
            <OlderPages list={list}>Show older releases</OlderPages>
            {comparing && <ReleaseDiffView from={comparing[0]!} to={comparing[1]!} />}
          </section>
          <ReleaseAudit />
        </>
      )}
    </article>
  );
}
