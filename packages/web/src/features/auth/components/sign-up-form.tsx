import { AUTH_PAGES, MESSAGES } from '@citable/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { authClient } from '../../../lib/auth-client';
import { signUpErrorMessage } from '../api/auth-errors';
import { PASSWORD_RULE, signUpSchema, type SignUpValues } from '../api/auth-schemas';

interface SignUpFormProps {
  /** Called with the e-mail and the message to show in sign-in mode. */
  onSwitchToSignIn: (email: string, message: { notice?: string; error?: string }) => void;
  /** The only address this sign-up may use (an invitation's): filled in and read-only. */
  lockedEmail?: string;
}

/** The hint under an e-mail field an invitation has fixed. */
export const LOCKED_EMAIL_HINT = 'The invitation was sent to this address, so the account must use it.';

export function SignUpForm({ onSwitchToSignIn, lockedEmail }: SignUpFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({ resolver: zodResolver(signUpSchema), defaultValues: { name: '', email: lockedEmail ?? '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { error } = await authClient().signUp.email({ name: values.name, email: values.email, password: values.password, callbackURL: AUTH_PAGES.emailVerified });
      if (error) {
        const failure = signUpErrorMessage(error);
        if (failure.switchToSignIn) onSwitchToSignIn(values.email, { error: failure.message });
        else setServerError(failure.message);
        return;
      }
      // The server answers the same whether or not the address is new, so always ask for the confirmation.
      onSwitchToSignIn(values.email, { notice: MESSAGES.auth.checkEmailAfterSignup });
    } catch (error) {
      setServerError(error instanceof Error && error.message ? error.message : MESSAGES.auth.unexpected);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create account">
      {serverError ? (
        <Alert tone="error" testId="auth-error">
          {serverError}
        </Alert>
      ) : null}
      <TextField label="Full name" autoComplete="name" data-autofocus error={errors.name?.message} {...register('name')} />
      <TextField label="Email" type="email" autoComplete="email" readOnly={Boolean(lockedEmail)} hint={lockedEmail ? LOCKED_EMAIL_HINT : undefined} error={errors.email?.message} {...register('email')} />
      <TextField label="Password" type="password" autoComplete="new-password" hint={PASSWORD_RULE} error={errors.password?.message} {...register('password')} />
      <Button type="submit" className="w-full" disabled={isSubmitting} data-testid="auth-submit">
        {isSubmitting ? (
          <>
            <Spinner className="size-4" />
            Creating account...
          </>
        ) : (
          'Create Account'
        )}
      </Button>
    </form>
  );
}
