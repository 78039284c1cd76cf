import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { authClient } from '../../../lib/auth-client';
import { queryKeys } from '../../../lib/query-keys';
import { AUTH_ERROR_CODES, AUTH_PAGES } from '@citable/contract';
import { genericAuthErrorMessage, signInErrorMessage } from '../api/auth-errors';
import { signInSchema, type SignInValues } from '../api/auth-schemas';
import { LOCKED_EMAIL_HINT } from './sign-up-form';

interface SignInFormProps {
  defaultEmail: string;
  /** The only address this sign-in may use (an invitation's): filled in and read-only. */
  lockedEmail?: string;
  onSignedIn: () => void;
  /** The password was right and the account asks for a second factor. */
  onTwoFactorRequired: () => void;
  onForgotPassword: (email: string) => void;
  /** A new attempt starts: messages the dialog carried in (after sign-up, from a link) give way to its outcome. */
  onSubmitStart?: () => void;
}

/** The one message under the form's title: an error, or the confirmation that a new link was sent. */
type FormMessage = { tone: 'error' | 'success'; text: string; unverifiedEmail?: string };

export const RESEND_VERIFICATION = 'Resend verification e-mail';
export const verificationResent = (email: string) => `We sent a new confirmation link to ${email}. Open it to confirm your address and sign in.`;

export function SignInForm({ defaultEmail, lockedEmail, onSignedIn, onTwoFactorRequired, onForgotPassword, onSubmitStart }: SignInFormProps) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({ resolver: zodResolver(signInSchema), defaultValues: { email: lockedEmail ?? defaultEmail, password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    onSubmitStart?.();
    try {
      const { data, error } = await authClient().signIn.email({ email: values.email, password: values.password });
      if (error) {
        const unverified = error.code === AUTH_ERROR_CODES.emailNotVerified;
        setMessage({ tone: 'error', text: signInErrorMessage(error), unverifiedEmail: unverified ? values.email : undefined });
        return;
      }
      if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) {
        onTwoFactorRequired();
        return;
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
      onSignedIn();
    } catch (error) {
      setMessage({ tone: 'error', text: signInErrorMessage({ status: 0, message: error instanceof Error ? error.message : undefined }) });
    }
  });

  // Sign-in refused for an unverified address: a fresh link, to land on the dashboard signed in.
  const resend = async (email: string) => {
    setResending(true);
    try {
      const { error } = await authClient().sendVerificationEmail({ email, callbackURL: AUTH_PAGES.emailVerified });
      setMessage(error ? { tone: 'error', text: genericAuthErrorMessage(error), unverifiedEmail: email } : { tone: 'success', text: verificationResent(email) });
    } catch (error) {
      setMessage({ tone: 'error', text: genericAuthErrorMessage({ status: 0, message: error instanceof Error ? error.message : undefined }), unverifiedEmail: email });
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign in">
      {message ? (
        <Alert tone={message.tone} testId={message.tone === 'error' ? 'auth-error' : 'auth-resent'}>
          <p>{message.text}</p>
          {message.unverifiedEmail ? (
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void resend(message.unverifiedEmail!)} disabled={resending} data-testid="auth-resend-verification">
              {resending ? <Spinner className="size-4" /> : null}
              {RESEND_VERIFICATION}
            </Button>
          ) : null}
        </Alert>
      ) : null}
      {/* With the address already known (after sign-up or a link), the password is what is left to type. */}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        readOnly={Boolean(lockedEmail)}
        hint={lockedEmail ? LOCKED_EMAIL_HINT : undefined}
        data-autofocus={defaultEmail || lockedEmail ? undefined : true}
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField label="Password" type="password" autoComplete="current-password" data-autofocus={defaultEmail ? true : undefined} error={errors.password?.message} {...register('password')} />
      <div className="flex justify-end">
        <button type="button" className="rounded text-sm font-medium text-primary-700 hover:text-primary-800 hover:underline" onClick={() => onForgotPassword(getValues('email'))}>
          Forgot password?
        </button>
      </div>
      <Button type="submit" className="w-full" disabled={isSubmitting} data-testid="auth-submit">
        {isSubmitting ? (
          <>
            <Spinner className="size-4" />
            Signing in...
          </>
        ) : (
          'Sign In'
        )}
      </Button>
    </form>
  );
}
