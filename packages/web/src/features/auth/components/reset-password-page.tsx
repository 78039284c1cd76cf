import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Logo } from '../../../components/ui/logo';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { authClient } from '../../../lib/auth-client';
import { useUiState } from '../../../stores/ui-state';
import { genericAuthErrorMessage } from '../api/auth-errors';
import { PASSWORD_RULE, resetPasswordSchema, type ResetPasswordValues } from '../api/auth-schemas';

const INVALID_LINK = 'This reset link is invalid or has expired. Request a new one from the sign-in dialog.';

/** Target of better-auth's reset e-mail: `/reset-password?token=...`, or `?error=INVALID_TOKEN`. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const { openAuth } = useUiState();
  useDocumentTitle('Choose a new password | Citable');
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { password: '', confirm: '' } });

  const onSubmit = handleSubmit(async (values) => {
    if (!token) return;
    setServerError(null);
    try {
      const { error } = await authClient().resetPassword({ newPassword: values.password, token });
      if (error) {
        setServerError(error.code === 'INVALID_TOKEN' ? INVALID_LINK : genericAuthErrorMessage(error));
        return;
      }
      setDone(true);
    } catch (error) {
      setServerError(genericAuthErrorMessage({ status: 0, message: error instanceof Error ? error.message : undefined }));
    }
  });

  const usable = Boolean(token) && !linkError;

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-primary-50 to-white px-4 py-12">
      <div className="w-full max-w-md">
        <Link to="/" aria-label="Citable home" className="mx-auto mb-8 flex w-fit rounded-md">
          <Logo />
        </Link>
        <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-2xl font-bold text-slate-900">Choose a new password</h1>
          {done ? (
            <div className="mt-6 space-y-6">
              <Alert tone="success">Your password has been changed. Sign in with your new password.</Alert>
              <Link to="/" onClick={() => openAuth('signin')} className={buttonClasses('primary', 'md', 'w-full')}>
                Sign In
              </Link>
            </div>
          ) : !usable ? (
            <div className="mt-6 space-y-6">
              <Alert tone="error">{INVALID_LINK}</Alert>
              <Link to="/" onClick={() => openAuth('signin')} className={buttonClasses('outline', 'md', 'w-full')}>
                Back to sign in
              </Link>
            </div>
          ) : (
            <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
              {serverError ? <Alert tone="error">{serverError}</Alert> : null}
              <TextField label="New password" type="password" autoComplete="new-password" autoFocus hint={PASSWORD_RULE} error={errors.password?.message} {...register('password')} />
              <TextField label="Confirm new password" type="password" autoComplete="new-password" error={errors.confirm?.message} {...register('confirm')} />
              <Button type="submit" className="w-full" disabled={isSubmitting}>
                {isSubmitting ? (
                  <>
                    <Spinner className="size-4" />
                    Saving...
                  </>
                ) : (
                  'Set new password'
                )}
              </Button>
            </form>
          )}
        </div>
      </div>
    </main>
  );
}
