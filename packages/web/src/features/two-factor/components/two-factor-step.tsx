import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { authClient } from '../../../lib/auth-client';
import { queryKeys } from '../../../lib/query-keys';
import { challengeEnded, twoFactorErrorMessage } from '../api/two-factor-errors';

interface TwoFactorStepProps {
  onVerified: () => void;
  /** Back to e-mail and password: the challenge is spent or the user gives up. */
  onRestart: (error?: string) => void;
}

/** The sign-in's second step: the authenticator's 6-digit code, or one of the backup codes. */
export function TwoFactorStep({ onVerified, onRestart }: TwoFactorStepProps) {
  const queryClient = useQueryClient();
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!backup && !/^\d{6}$/.test(value)) return setError('Enter the 6-digit code from your authenticator app.');
    if (backup && value.length === 0) return setError('Enter one of your backup codes.');
    setError(null);
    setSubmitting(true);
    try {
      const client = authClient().twoFactor;
      const { error: failure } = backup ? await client.verifyBackupCode({ code: value, trustDevice }) : await client.verifyTotp({ code: value, trustDevice });
      if (failure) {
        const message = twoFactorErrorMessage(failure, backup);
        if (challengeEnded(failure)) onRestart(message);
        else setError(message);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
      onVerified();
    } finally {
      setSubmitting(false);
    }
  };

  const switchMode = () => {
    setBackup((current) => !current);
    setCode('');
    setError(null);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4" aria-label="Two-factor code" data-testid="two-factor-step">
      <p className="text-sm text-slate-600">
        {backup ? 'Enter one of the backup codes you saved when you turned on two-factor sign-in. Each code works once.' : 'Open your authenticator app and enter the 6-digit code for Citable.'}
      </p>
      {error ? (
        <Alert tone="error" testId="two-factor-error">
          {error}
        </Alert>
      ) : null}
      <TextField
        key={backup ? 'backup' : 'totp'}
        label={backup ? 'Backup code' : 'Authentication code'}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        inputMode={backup ? 'text' : 'numeric'}
        maxLength={backup ? 32 : 6}
        autoFocus
        data-testid="two-factor-code"
      />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={trustDevice} onChange={(event) => setTrustDevice(event.target.checked)} className="size-4 rounded border-slate-300" />
        Trust this device for 30 days
      </label>
      <Button type="submit" className="w-full" disabled={submitting} data-testid="two-factor-submit">
        {submitting ? (
          <>
            <Spinner className="size-4" />
            Verifying...
          </>
        ) : (
          'Verify'
        )}
      </Button>
      <div className="flex justify-between text-sm">
        <button type="button" className="rounded font-medium text-primary-700 hover:text-primary-800 hover:underline" onClick={switchMode} data-testid="two-factor-toggle-backup">
          {backup ? 'Use your authenticator app' : 'Use a backup code instead'}
        </button>
        <button type="button" className="rounded font-medium text-slate-600 hover:text-slate-800 hover:underline" onClick={() => onRestart()}>
          Back to sign in
        </button>
      </div>
    </form>
  );
}
