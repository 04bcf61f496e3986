import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { KNOWN_ROLES, type AdminModuleList, type AdminPreviewRequest, type ReleaseFiles } from '@platform/schemas';
import { previewManifest } from '../../api/admin.ts';
import { refusedProblems } from '../../api/releaseProblems.ts';
import {
  describeClaims,
  releaseDraftPreviewRequest,
  emptyClaims,
  fromBaseToDraft,
  isStaffClaims,
  previewRequest,
  type ClaimsForm,
  type Comparison,
} from './claimsForm.ts';
import { ProblemList } from './ProblemList.tsx';
import { PreviewResult } from './PreviewResult.tsx';
import { CustomerCombobox, type CustomerChoice } from '../../ui/CustomerCombobox.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { ago } from '../../ui/relativeTime.ts';

/** An unpublished manifest set to preview instead of a release: the release editor's draft (undefined files: not JSON yet). */
export interface PreviewDraft {
  files: ReleaseFiles | undefined;
  base: string;
}

/**
 * "View as user": build any claims set and see, without signing in as anyone, what it would be
 * served; with a draft, what it would be served once the draft is published.
 */
export function ViewAsUser({ list, draft }: { list: AdminModuleList; draft?: PreviewDraft }) {
  const [form, setForm] = useState<ClaimsForm>(emptyClaims);
  const [comparison, setComparison] = useState<Comparison>({ kind: 'none' });
  // Kept while other comparisons are tried, so it can be chosen again.
  const [pinned, setPinned] = useState<ClaimsForm | undefined>();
  // The claims hold the id; the box shows the name of the customer chosen.
  const [customer, setCustomer] = useState<CustomerChoice | null>(null);
  // A draft's comparison is with its base; the service answers it the other way round.
  const preview = useMutation({
    mutationFn: async (request: AdminPreviewRequest) => {
      const answer = await previewManifest(request);
      return request.draft ? fromBaseToDraft(answer) : answer;
    },
  });
  const id = useId();
  const staff = isStaffClaims(form);
  const served = list.manifests.version;
  const olderVersions = list.manifests.history.filter((v) => v.version !== served).reverse();
  const request = draft
    ? draft.files && releaseDraftPreviewRequest(form, draft.files, comparison.kind === 'version' ? comparison.version : undefined)
    : previewRequest(form, comparison, served);
  const stale = preview.data !== undefined && JSON.stringify(preview.variables) !== JSON.stringify(request);

  const change = (patch: Partial<ClaimsForm>) => setForm((d) => ({ ...d, ...patch }));
  const toggleModule = (key: string, on: boolean) =>
    change({ modules: on ? list.modules.map((m) => m.key).filter((k) => k === key || form.modules.includes(k)) : form.modules.filter((k) => k !== key) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request) preview.mutate(request);
  };
  const comparisonValue = comparison.kind === 'version' ? `version:${comparison.version}` : comparison.kind;

  return (
    <section aria-labelledby={`${id}-title`} className="view-as-user">
      <h2 id={`${id}-title`}>View as user</h2>
      <p className="hint">A dry run: the navigation these claims would receive from the service, and which rule let each module in or kept it out.</p>
      <form className="form preview-form" onSubmit={submit} aria-label="Claims to preview">
        <label className="check">
          <input type="checkbox" checked={!form.hasClaim} onChange={(e) => change({ hasClaim: !e.target.checked })} /> Token without an authorisation claim
        </label>
        <fieldset disabled={!form.hasClaim}>
          <div className="form-row">
            <div>
              <label htmlFor={`${id}-role`}>Role</label>
              <input id={`${id}-role`} list={`${id}-roles`} value={form.role} required onChange={(e) => change({ role: e.target.value })} />
              <datalist id={`${id}-roles`}>
                {KNOWN_ROLES.map((r) => (
                  <option key={r} value={r} />
                ))}
              </datalist>
            </div>
            <CustomerCombobox
              className="in-form"
              label={staff ? 'Acting for customer' : 'Customer'}
              noneLabel={staff ? 'No customer' : 'None'}
              value={customer}
              onChoose={(chosen) => {
                setCustomer(chosen);
                change({ customerId: chosen?.id ?? '' });
              }}
            />
          </div>
          <fieldset className="module-picks">
            <legend>Modules in the claim</legend>
            {staff && (
              <label className="check">
                <input type="checkbox" checked={form.allModules} onChange={(e) => change({ allModules: e.target.checked })} /> No list: every module (staff)
              </label>
            )}
            <div className="module-grid">
              {list.modules.map((m) => (
                <label key={m.key} className="check">
                  <input
                    type="checkbox"
                    disabled={staff && form.allModules}
                    checked={(staff && form.allModules) || form.modules.includes(m.key)}
                    onChange={(e) => toggleModule(m.key, e.target.checked)}
                  />{' '}
                  {m.name} <span className="muted">({m.key})</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="form-row">
            <div>
              <label htmlFor={`${id}-landing`}>Landing module</label>
              <select id={`${id}-landing`} value={form.landingPageModuleKey} onChange={(e) => change({ landingPageModuleKey: e.target.value })}>
                <option value="">First permitted module</option>
                {list.modules.map((m) => (
                  <option key={m.key} value={m.key}>
                    {m.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <label className="check">
            <input type="checkbox" checked={form.requireMFA} onChange={(e) => change({ requireMFA: e.target.checked })} /> Organisation requires MFA
          </label>
        </fieldset>
        <div className="form-row">
          <div>
            <label htmlFor={`${id}-compare`}>Compare with</label>
            <select
              id={`${id}-compare`}
              value={comparisonValue}
              onChange={(e) => {
                const value = e.target.value;
                if (value === 'none') setComparison({ kind: 'none' });
                else if (value === 'pinned' && pinned) setComparison({ kind: 'pinned', form: pinned });
                else if (value.startsWith('version:')) setComparison({ kind: 'version', version: value.slice('version:'.length) });
              }}
            >
              <option value="none">Nothing</option>
              {draft && <option value={`version:${draft.base}`}>The release the draft started from ({draft.base})</option>}
              {!draft && pinned && <option value="pinned">Pinned claims: {describeClaims(pinned)}</option>}
              {!draft &&
                olderVersions.map((v) => (
                  <option key={v.version} value={`version:${v.version}`}>
                    Manifest version {v.version}, served from {ago(v.loadedAt).exact}
                  </option>
                ))}
            </select>
          </div>
        </div>
        <div className="form-actions">
          <button type="submit" disabled={preview.isPending || !request}>
            {preview.isPending ? 'Previewing…' : draft ? 'Preview the draft' : 'Preview'}
          </button>
          {!draft && (
            <button
              type="button"
              className="secondary"
              onClick={() => {
                setPinned(form);
                setComparison({ kind: 'pinned', form });
              }}
            >
              Pin these claims for comparison
            </button>
          )}
        </div>
        {draft && !draft.files && <p className="hint">A file of the draft is not JSON yet: fix it to preview.</p>}
      </form>
      <ErrorNotice title="Could not preview" error={preview.error}>
        {refusedProblems(preview.error) && <ProblemList {...refusedProblems(preview.error)!} />}
      </ErrorNotice>
      {preview.data && <PreviewResult answer={preview.data} comparing={preview.data.comparison !== null} stale={stale} />}
    </section>
  );
}
