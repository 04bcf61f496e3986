// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakePlatform } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { TotpSetupStep } from './TotpSetupStep.tsx';

const flow = vi.hoisted(() => ({ confirmSignIn: vi.fn() }));
vi.mock('../../auth/loadSignInFlow.ts', () => ({ loadSignInFlow: async () => ({ confirmSignIn: flow.confirmSignIn }) }));

describe('TotpSetupStep', () => {
  it('shows the key of the set-up Amplify started, named after the product and the user, and answers with the first code', async () => {
    fakePlatform();
    const getSetupUri = vi.fn((app: string, who?: string) => new URL(`otpauth://totp/${app}:${who}?secret=JBSWY3DPEHPK3PXP&issuer=${app}`));
    const signedIn = { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
    flow.confirmSignIn.mockResolvedValue(signedIn);
    const onResult = vi.fn();
    const { user } = renderInApp(<TotpSetupStep details={{ sharedSecret: 'JBSWY3DPEHPK3PXP', getSetupUri }} email="ivy@acme.example" onResult={onResult} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Set up your authenticator app' })).toBeTruthy();
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect((screen.getByLabelText('Secret key') as HTMLInputElement).value).toBe('JBSWY3DPEHPK3PXP');
    expect(getSetupUri).toHaveBeenLastCalledWith('AssetTwin', 'ivy@acme.example');

    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(flow.confirmSignIn).toHaveBeenCalledExactlyOnceWith({ challengeResponse: '123456' });
    await vi.waitFor(() => expect(onResult).toHaveBeenCalledWith(signedIn));
  });
});
