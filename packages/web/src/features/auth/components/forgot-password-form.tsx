import { AUTH_PAGES } from '@citable/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { authClient } from '../../../lib/auth-client';
import { genericAuthErrorMessage } from '../api/auth-errors';
import { forgotPasswordSchema, type ForgotPasswordValues } from '../api/auth-schemas';


interface ForgotPasswordFormProps {
  defaultEmail: string;
  onBack: () => void;
}

export function ForgotPasswordForm({ defaultEmail, onBack }: ForgotPasswordFormProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: defaultEmail } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { error } = await authClient().requestPasswordReset({ email: values.email, redirectTo: AUTH_PAGES.resetPassword });
      if (error) {
        setServerError(genericAuthErrorMessage(error));
        return;
      }
      setSentTo(values.email);
    } catch (error) {
      setServerError(genericAuthErrorMessage({ status: 0, message: error instanceof Error ? error.message : undefined }));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Reset password">
      {sentTo ? (
        <Alert tone="success" testId="auth-notice">
          If an account exists for {sentTo}, we have sent it a link to reset the password. The link is valid for one hour.
        </Alert>
      ) : (
        <p className="text-sm text-slate-600">Enter the email address of your account and we will send you a link to choose a new password.</p>
      )}
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <TextField label="Email" type="email" autoComplete="email" data-autofocus error={errors.email?.message} {...register('email')} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={onBack}>
          Back to sign in
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? (
            <>
              <Spinner className="size-4" />
              Sending...
            </>
          ) : (
            'Send reset link'
          )}
        </Button>
      </div>
    </form>
  );
}
