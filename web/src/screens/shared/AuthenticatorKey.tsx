import QRCode from 'qrcode';
import { useId } from 'react';

/** An authenticator app's key as the user is shown it: the secret, and a QR code of its set-up address. */
export interface AuthenticatorEnrolment {
  secret: string;
  qr: string;
}

/** The QR code and secret for Amplify's TOTP set-up details, named after the product and the user. */
export async function authenticatorEnrolment(
  details: { sharedSecret: string; getSetupUri(appName: string, accountName?: string): URL },
  productName: string,
  email: string,
): Promise<AuthenticatorEnrolment> {
  const uri = details.getSetupUri(productName, email);
  return { secret: details.sharedSecret, qr: await QRCode.toDataURL(uri.toString(), { margin: 1, width: 192 }) };
}

/** Shows the key to add to an authenticator app; the form around it asks for the code the app then shows. */
export function AuthenticatorKey({ enrolment }: { enrolment: AuthenticatorEnrolment }) {
  const secretId = useId();
  return (
    <>
      <p>Scan the QR code with your authenticator app, or enter the secret key by hand, then type the code it shows.</p>
      <img src={enrolment.qr} alt="QR code for your authenticator app" width={192} height={192} />
      <label htmlFor={secretId}>Secret key</label>
      <input id={secretId} readOnly value={enrolment.secret} onFocus={(e) => e.currentTarget.select()} />
    </>
  );
}
