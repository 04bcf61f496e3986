import { useId } from 'react';
import type { ReleaseState, ReleaseSummary } from '@platform/schemas';
import { endPilot, promotePilot } from '../../api/releases.ts';
import { ago } from '../../ui/relativeTime.ts';
import { ReasonField } from '../../ui/ReasonField.tsx';
import { useReason } from '../../ui/useReason.ts';
import { GuardEnded } from './GuardEnded.tsx';
import { ModuleScreens } from './ModuleScreens.tsx';
import { PilotHealth } from './PilotHealth.tsx';
import { ReleaseDiffView } from './ReleaseDiffView.tsx';
import { useReleaseStep } from './useReleaseStep.ts';

type PilotStep = { kind: 'promote' | 'end'; release: string; reason: string; active: string };

/** Which release everyone is served, the pilot if any, and the pilot's two ways out. */
export function InService({
  state,
  summary,
  customerName,
}: {
  state: ReleaseState;
  summary: ReleaseSummary | undefined;
  customerName: (id: string) => string;
}) {
  const id = useId();
  const reason = useReason();
  const step = useReleaseStep(
    ({ kind, release, reason, active }: PilotStep) => (kind === 'promote' ? promotePilot(release, reason, active) : endPilot(release, reason, active)),
    ({ kind, release }) => (kind === 'promote' ? `Release ${release} is now served to everyone` : `The pilot of ${release} has ended`),
  );
  const take = (kind: PilotStep['kind']) => {
    if (!state.pilot) return;
    const why = reason.require('Say why, before ending or promoting the pilot: the reason goes to the audit list.');
    if (why) step.mutate({ kind, release: state.pilot.release, reason: why, active: state.active }, { onSuccess: reason.clear });
  };
  const published = summary && ago(summary.publishedAt);

  return (
    <section aria-labelledby={`${id}-title`} className="in-service">
      <h2 id={`${id}-title`}>In service</h2>
      <p>
        Everyone is served release <code data-testid="active-release">{state.active}</code>
        {summary && published && (
          <>
            , published by {summary.author.email || summary.author.sub}{' '}
            <time dateTime={summary.publishedAt} title={published.exact}>
              {published.text}
            </time>
            : “{summary.reason}”
          </>
        )}
        .
      </p>
      {state.pilot ? (
        <div className="pilot">
          <p data-testid="pilot">
            <strong>Pilot:</strong> release <code>{state.pilot.release}</code> is served to the users of {state.pilot.customers.map(customerName).join(', ')}{' '}
            (and staff acting for them).
          </p>
          <ReleaseDiffView from={state.active} to={state.pilot.release} title="What the pilot changes" />
          <PilotHealth />
          <ReasonField
            {...reason.field}
            label="Reason for promoting or ending the pilot"
            placeholder="e.g. pilot went well, pilot customers reported a problem"
          />
          <div className="form-actions">
            <button type="button" disabled={step.isPending} onClick={() => take('promote')}>
              Promote the pilot to everyone
            </button>
            <button type="button" className="secondary" disabled={step.isPending} onClick={() => take('end')}>
              End the pilot
            </button>
          </div>
        </div>
      ) : (
        <>
          <p className="muted">No pilot: every customer gets the active release.</p>
          <GuardEnded />
        </>
      )}
      <ModuleScreens active={state.active} pilot={state.pilot?.release ?? null} />
    </section>
  );
}
