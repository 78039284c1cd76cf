import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { authClient } from '../../../lib/auth-client';
import { twoFactorErrorMessage } from '../api/two-factor-errors';
import { twoFactorStatusKey, useTwoFactorStatus } from '../api/two-factor-status';
import { BackupCodes } from './backup-codes';
import { QrCode } from './qr-code';

type Step = { kind: 'idle' } | { kind: 'password'; action: 'enable' | 'disable' } | { kind: 'scan'; uri: string; backupCodes: string[] };

/** The secret as authenticator apps ask for it when typed in: base32 in groups of four. */
const secretOf = (uri: string) => (new URL(uri).searchParams.get('secret') ?? '').replace(/(.{4})/g, '$1 ').trim();

/** Settings > Security: turn two-factor sign-in on (password, scan, confirm with a code) or off (password). */
export function SecuritySection({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const status = useTwoFactorStatus(userId);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = (next: Step = { kind: 'idle' }) => {
    setStep(next);
    setPassword('');
    setCode('');
    setError(null);
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'password') return;
    setBusy(true);
    setError(null);
    try {
      if (step.action === 'enable') {
        const { data, error: failure } = await authClient().twoFactor.enable({ password });
        if (failure || !data || !('totpURI' in data) || !data.totpURI) return setError(twoFactorErrorMessage(failure ?? { status: 0 }));
        reset({ kind: 'scan', uri: data.totpURI, backupCodes: data.backupCodes ?? [] });
      } else {
        const { error: failure } = await authClient().twoFactor.disable({ password });
        if (failure) return setError(twoFactorErrorMessage(failure));
        reset();
        setNotice('Two-factor sign-in is off.');
        await queryClient.invalidateQueries({ queryKey: twoFactorStatusKey(userId) });
      }
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError('Enter the 6-digit code from your authenticator app.');
    setBusy(true);
    setError(null);
    try {
      const { error: failure } = await authClient().twoFactor.verifyTotp({ code: code.trim() });
      if (failure) return setError(twoFactorErrorMessage(failure));
      reset();
      setNotice('Two-factor sign-in is on. You will be asked for a code each time you sign in.');
      await queryClient.invalidateQueries({ queryKey: twoFactorStatusKey(userId) });
    } finally {
      setBusy(false);
    }
  };

  const enabled = status.data === true;

  return (
    <div className="space-y-4" data-testid="security-section">
      <div className="flex items-start gap-3">
        <ShieldCheck aria-hidden="true" className={enabled ? 'mt-0.5 size-5 text-emerald-600' : 'mt-0.5 size-5 text-slate-400'} />
        <div className="flex-1">
          <p className="font-medium text-slate-900">Two-factor sign-in</p>
          <p className="text-sm text-slate-600" data-testid="two-factor-status">
            {status.isPending ? 'Checking...' : enabled ? 'On: signing in asks for a code from your authenticator app.' : 'Off: add a code from an authenticator app to your password.'}
          </p>
        </div>
        {step.kind === 'idle' && !status.isPending ? (
          <Button size="sm" variant={enabled ? 'outline' : 'primary'} onClick={() => { setNotice(null); reset({ kind: 'password', action: enabled ? 'disable' : 'enable' }); }} data-testid={enabled ? 'two-factor-disable' : 'two-factor-enable'}>
            {enabled ? 'Turn off' : 'Turn on'}
          </Button>
        ) : null}
      </div>
      {notice ? (
        <Alert tone="success" testId="two-factor-notice">
          {notice}
        </Alert>
      ) : null}
      {error ? (
        <Alert tone="error" testId="two-factor-settings-error">
          {error}
        </Alert>
      ) : null}
      {step.kind === 'password' ? (
        <form onSubmit={(event) => void submitPassword(event)} className="space-y-3" aria-label="Confirm your password">
          <TextField label="Your password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} autoFocus data-testid="two-factor-password" />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={busy || password.length === 0} data-testid="two-factor-password-submit">
              {step.action === 'enable' ? 'Continue' : 'Turn off two-factor'}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => reset()}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      {step.kind === 'scan' ? (
        <div className="space-y-4 rounded-xl border border-slate-200 p-4">
          <div className="flex flex-col items-start gap-4 sm:flex-row">
            <QrCode value={step.uri} label="QR code to add Citable to your authenticator app" />
            <div className="space-y-2 text-sm text-slate-600">
              <p>1. Scan this code with an authenticator app (Google Authenticator, 1Password, Authy...).</p>
              <p>Or type this key in:</p>
              <code className="block rounded bg-slate-50 px-2 py-1 font-mono text-sm break-all text-slate-800 ring-1 ring-slate-200" data-testid="two-factor-secret">
                {secretOf(step.uri)}
              </code>
            </div>
          </div>
          <BackupCodes codes={step.backupCodes} />
          <form onSubmit={(event) => void confirm(event)} className="space-y-3" aria-label="Confirm two-factor sign-in">
            <TextField label="2. Enter the 6-digit code your app shows" value={code} onChange={(event) => setCode(event.target.value)} inputMode="numeric" autoComplete="one-time-code" maxLength={6} data-testid="two-factor-confirm-code" />
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={busy} data-testid="two-factor-confirm">
                Turn on two-factor
              </Button>
              <Button size="sm" variant="ghost" onClick={() => reset()}>
                Cancel
              </Button>
            </div>
          </form>
        </div>
      ) : null}
    </div>
  );
}
