// The sign-in screens other than the login form itself, in one chunk: most visits never open them.
export { ForgotPasswordScreen } from './Auth/ForgotPasswordScreen.tsx';
export { LogoutScreen } from './Auth/LogoutScreen.tsx';
export { ResetPasswordScreen } from './Auth/ResetPasswordScreen.tsx';
export { SignupScreen } from './Auth/SignupScreen.tsx';
export { SingleSignOnScreen } from './Auth/SingleSignOnScreen.tsx';
