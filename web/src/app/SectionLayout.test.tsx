// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedRoute } from '@platform/schemas';
import { SectionLayout } from './SectionLayout.tsx';

/** A route as the manifest resolves it: only what the tabs read. */
const route = (path: string, fullPath: string, title: string, children: ResolvedRoute[] = []) =>
  ({ path, fullPath, title, children, aliases: [], name: fullPath }) as unknown as ResolvedRoute;

const DOMAIN = route(':domain', '/model-runtime/:domain', 'Domain {domain}', [
  route('jobs', '/model-runtime/:domain/jobs', 'Jobs'),
  route('jobs/new', '/model-runtime/:domain/jobs/new', 'New job'),
  route('jobs/:jobId', '/model-runtime/:domain/jobs/:jobId', 'Job {jobId}'),
  route('models', '/model-runtime/:domain/models', 'Models'),
]);

function at(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/model-runtime/:domain" element={<SectionLayout route={DOMAIN} />}>
          <Route path="*" element={<p>screen</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Domain acme-wind sections' });
}

const current = (tabs: HTMLElement) =>
  within(tabs)
    .getAllByRole('link')
    .filter((a) => a.getAttribute('aria-current') === 'page')
    .map((a) => a.textContent);

afterEach(cleanup);

describe('SectionLayout', () => {
  it('marks only the deepest tab the address is under as the current page', () => {
    expect(current(at('/model-runtime/acme-wind/jobs/new'))).toEqual(['New job']);
  });

  it('keeps the list tab current on a screen opened from it', () => {
    const tabs = at('/model-runtime/acme-wind/jobs/J-1003');
    expect(current(tabs)).toEqual(['Jobs']);
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Jobs', 'New job', 'Models']);
  });
});
