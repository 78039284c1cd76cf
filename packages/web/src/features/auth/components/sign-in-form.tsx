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
import { signInErrorMessage } from '../api/auth-errors';
import { signInSchema, type SignInValues } from '../api/auth-schemas';

interface SignInFormProps {
  defaultEmail: string;
  onSignedIn: () => void;
  /** The password was right and the account asks for a second factor. */
  onTwoFactorRequired: () => void;
  onForgotPassword: (email: string) => void;
}

export function SignInForm({ defaultEmail, onSignedIn, onTwoFactorRequired, onForgotPassword }: SignInFormProps) {
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({ resolver: zodResolver(signInSchema), defaultValues: { email: defaultEmail, password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { data, error } = await authClient().signIn.email({ email: values.email, password: values.password });
      if (error) {
        setServerError(signInErrorMessage(error));
        return;
      }
      if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) {
        onTwoFactorRequired();
        return;
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
      onSignedIn();
    } catch (error) {
      setServerError(signInErrorMessage({ status: 0, message: error instanceof Error ? error.message : undefined }));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign in">
      {serverError ? (
        <Alert tone="error" testId="auth-error">
          {serverError}
        </Alert>
      ) : null}
      {/* With the address already known (after sign-up or a link), the password is what is left to type. */}
      <TextField label="Email" type="email" autoComplete="email" data-autofocus={defaultEmail ? undefined : true} error={errors.email?.message} {...register('email')} />
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
