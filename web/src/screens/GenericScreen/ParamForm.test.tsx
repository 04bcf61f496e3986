// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { ParamForm } from './ParamForm.tsx';

function Where() {
  const { pathname, search } = useLocation();
  return (
    <p>
      At {pathname}
      {search}
    </p>
  );
}

function renderForm(showNistWarning = false) {
  return renderInApp(
    <Routes>
      <Route
        path="/"
        element={
          <ParamForm
            pattern="/model-runtime/:domain/jobs/:jobId"
            title="Job {jobId} in {domain}"
            missing={['jobId']}
            known={{ domain: 'wind farm' }}
            showNistWarning={showNistWarning}
          />
        }
      />
      <Route path="*" element={<Where />} />
    </Routes>,
  );
}

describe('ParamForm', () => {
  it('asks for each missing parameter by a label made from its name, named after the screen it opens', () => {
    renderForm();
    const form = screen.getByRole('form', { name: 'Open Job … in wind farm' });
    expect(form).toBeDefined();
    expect(screen.getByRole('textbox', { name: 'Job id' })).toBeDefined();
    expect(screen.queryByRole('textbox', { name: 'Domain' })).toBeNull();
  });

  it('opens the screen with the values filled in, encoded, and the known ones carried over', async () => {
    const { user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Job id' }), ' J/9 ');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByText('At /model-runtime/wind%20farm/jobs/J%2F9')).toBeDefined();
  });

  it('opens an export-controlled screen with the warning, as every link to it does', async () => {
    const { user } = renderForm(true);
    await user.type(screen.getByRole('textbox', { name: 'Job id' }), 'J9');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByText('At /model-runtime/wind%20farm/jobs/J9?showNistWarning=1')).toBeDefined();
  });

  it('refuses an empty value with a message on the field, and stays', async () => {
    const { user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Job id' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const field = screen.getByRole('textbox', { name: 'Job id' });
    expect(screen.getByRole('alert').textContent).toBe('Enter the job id.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(document.activeElement).toBe(field);
    expect(screen.getByRole('form', { name: 'Open Job … in wind farm' })).toBeDefined();
  });
});
