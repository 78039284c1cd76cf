import { PLANS } from '@citable/contract';
import { useEffect, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { useUiState } from '../../../stores/ui-state';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type View = 'form' | 'forgot';

/** Sign-in and create-account in one dialog (spec 002 §2.13); it knows the plan chosen on the pricing section. */
export function AuthDialog() {
  const { authDialog, closeAuth, setAuthMode, selectedPlan } = useUiState();
  const [view, setView] = useState<View>('form');
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [initialError, setInitialError] = useState<string | null>(null);
  // Remounting the form on each switch resets its fields and focuses its first one.
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    if (authDialog.open) return;
    setView('form');
    setNotice(null);
    setInitialError(null);
  }, [authDialog.open]);

  useEffect(() => {
    if (formKey === 0) return;
    document.querySelector<HTMLElement>('[data-testid="auth-dialog"] [data-autofocus]')?.focus();
  }, [formKey, view]);

  const switchMode = (mode: 'signin' | 'signup') => {
    setNotice(null);
    setInitialError(null);
    setView('form');
    setAuthMode(mode);
    setFormKey((key) => key + 1);
  };

  const signingUp = authDialog.mode === 'signup' && view === 'form';
  const title = view === 'forgot' ? 'Reset your password' : signingUp ? 'Create your account' : 'Sign in to Citable';
  const plan = selectedPlan ? PLANS[selectedPlan] : null;
  const description = signingUp && plan ? `You chose the ${plan.name} plan. Create your account to continue.` : undefined;

  return (
    <Modal open={authDialog.open} onOpenChange={(open) => (open ? undefined : closeAuth())} title={title} description={description} testId="auth-dialog">
      {view === 'forgot' ? (
        <ForgotPasswordForm defaultEmail={email} onBack={() => setView('form')} />
      ) : signingUp ? (
        <SignUpForm
          key={`signup-${formKey}`}
          onSwitchToSignIn={(nextEmail, nextNotice, nextError) => {
            setEmail(nextEmail);
            switchMode('signin');
            setNotice(nextNotice);
            setInitialError(nextError);
          }}
        />
      ) : (
        <>
          {initialError ? (
            <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
              {initialError}
            </p>
          ) : null}
          <SignInForm
            key={`signin-${formKey}`}
            defaultEmail={email}
            notice={notice}
            onSignedIn={closeAuth}
            onForgotPassword={(currentEmail) => {
              setEmail(currentEmail);
              setView('forgot');
            }}
          />
        </>
      )}
      {view === 'form' ? (
        <p className="mt-6 text-center text-sm text-slate-600">
          {signingUp ? 'Already have an account?' : 'New to Citable?'}{' '}
          <button
            type="button"
            className="rounded font-semibold text-primary-700 hover:text-primary-800 hover:underline"
            onClick={() => switchMode(signingUp ? 'signin' : 'signup')}
            data-testid="auth-toggle-mode"
          >
            {signingUp ? 'Sign in' : 'Create an account'}
          </button>
        </p>
      ) : null}
    </Modal>
  );
}
