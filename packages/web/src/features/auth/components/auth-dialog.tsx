import { PLANS } from '@citable/contract';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Modal } from '../../../components/ui/modal';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import { useUiState, type AuthMode } from '../../../stores/ui-state';
import { TwoFactorStep } from '../../two-factor/components/two-factor-step';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

const TITLES: Record<AuthMode, string> = {
  signin: 'Sign in to Citable',
  signup: 'Create your account',
  forgot: 'Reset your password',
};

/** Sign-in and create-account in one dialog (spec 002 §2.13); it knows the plan chosen on the pricing section. */
export function AuthDialog() {
  const { authDialog, openAuth, closeAuth, setAuthMode, clearAuthMessages, selectedPlan } = useUiState();
  const { mode, open } = authDialog;
  const [email, setEmail] = useState('');
  // Remounting the form on each switch resets its fields; the effect then focuses its first one.
  const [formKey, setFormKey] = useState(0);
  // After a right password on an account with two-factor sign-in, the code step replaces the form.
  const [codeStep, setCodeStep] = useState(false);

  useEffect(() => {
    if (formKey === 0) return;
    document.querySelector<HTMLElement>('[data-testid="auth-dialog"] [data-autofocus]')?.focus();
  }, [formKey]);

  const switchTo = (next: AuthMode, message?: { notice?: string; error?: string }) => {
    setCodeStep(false);
    // An address locked by an invitation stays locked when the dialog switches between its forms.
    if (message) openAuth(next, { ...message, lockedEmail: authDialog.lockedEmail });
    else setAuthMode(next);
    setFormKey((key) => key + 1);
  };

  // The dialog only renders while open, in the browser, so reading storage here cannot affect the pre-render.
  const lockedEmail = authDialog.lockedEmail ?? undefined;
  const knownEmail = lockedEmail ?? (email || (open ? (readStorage(STORAGE_KEYS.lastEmail) ?? '') : ''));

  const plan = selectedPlan ? PLANS[selectedPlan] : null;
  const description = mode === 'signup' && plan ? `You chose the ${plan.name} plan. Create your account to continue.` : undefined;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        setCodeStep(false);
        closeAuth();
      }}
      title={codeStep ? 'Two-factor sign-in' : TITLES[mode]}
      description={codeStep ? undefined : description}
      testId="auth-dialog"
    >
      <div className="space-y-4">
        {authDialog.notice ? (
          <Alert tone="success" testId="auth-notice">
            {authDialog.notice}
          </Alert>
        ) : null}
        {authDialog.error && authDialog.error !== authDialog.notice ? (
          <Alert tone="error" testId="auth-error">
            {authDialog.error}
          </Alert>
        ) : null}
        {codeStep ? (
          <TwoFactorStep
            onVerified={() => {
              setCodeStep(false);
              closeAuth();
            }}
            onRestart={(error) => switchTo('signin', error ? { error } : undefined)}
          />
        ) : mode === 'forgot' ? (
          <ForgotPasswordForm key={`forgot-${formKey}`} defaultEmail={knownEmail} onBack={() => switchTo('signin')} />
        ) : mode === 'signup' ? (
          <SignUpForm
            key={`signup-${formKey}`}
            lockedEmail={lockedEmail}
            onSwitchToSignIn={(nextEmail, message) => {
              setEmail(nextEmail);
              writeStorage(STORAGE_KEYS.lastEmail, nextEmail);
              switchTo('signin', message);
            }}
          />
        ) : (
          <SignInForm
            key={`signin-${formKey}`}
            defaultEmail={knownEmail}
            lockedEmail={lockedEmail}
            onSignedIn={closeAuth}
            onSubmitStart={clearAuthMessages}
            onTwoFactorRequired={() => setCodeStep(true)}
            onForgotPassword={(currentEmail) => {
              setEmail(currentEmail);
              switchTo('forgot');
            }}
          />
        )}
      </div>
      {mode !== 'forgot' && !codeStep ? (
        <p className="mt-6 text-center text-sm text-slate-600">
          {mode === 'signup' ? 'Already have an account?' : 'New to Citable?'}{' '}
          <button
            type="button"
            className="rounded font-semibold text-primary-700 hover:text-primary-800 hover:underline"
            onClick={() => switchTo(mode === 'signup' ? 'signin' : 'signup')}
            data-testid="auth-toggle-mode"
          >
            {mode === 'signup' ? 'Sign in' : 'Create an account'}
          </button>
        </p>
      ) : null}
    </Modal>
  );
}
