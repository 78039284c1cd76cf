import type { ReportListItem } from '@citable/contract';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import type { ShareLink } from '../api/reports-api';
import { useCreateShare, useRevokeShare, useShares } from '../hooks/use-shares';
import { reportDate } from '../lib/format';

const EXPIRY_OPTIONS = [1, 7, 30, 90] as const;

function shareState(share: ShareLink, now = Date.now()): { label: string; active: boolean } {
  if (share.revokedAt) return { label: 'Revoked', active: false };
  if (Date.parse(share.expiresAt) <= now) return { label: 'Expired', active: false };
  return { label: `Active until ${reportDate(share.expiresAt)}`, active: true };
}

/** Read-only links to one report (issue #11 §3): create with an expiry, copy once, list, revoke. */
export function ShareDialog({ report, onClose }: { report: ReportListItem | null; onClose: () => void }) {
  return (
    <Modal
      open={report !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Share link"
      description={report ? `Anyone with the link can read “${report.name}” without signing in, until it expires or you revoke it.` : undefined}
      testId="report-share-dialog"
    >
      {report ? <ShareLinks key={report.id} reportId={report.id} /> : null}
    </Modal>
  );
}

function ShareLinks({ reportId }: { reportId: string }) {
  const shares = useShares(reportId);
  const create = useCreateShare(reportId);
  const revoke = useRevokeShare(reportId);
  const [days, setDays] = useState(30);
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // The field stays selectable by hand.
    }
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField label="Expires after" value={days} onChange={(event) => setDays(Number(event.target.value))} containerClassName="w-40" data-autofocus>
          {EXPIRY_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {option === 1 ? '1 day' : `${option} days`}
            </option>
          ))}
        </SelectField>
        <Button
          onClick={() =>
            create.mutate(days, {
              onSuccess: (share) => {
                setCreated(share.url);
                setCopied(false);
              },
            })
          }
          disabled={create.isPending}
          data-testid="share-create"
        >
          {create.isPending ? 'Creating…' : 'Create link'}
        </Button>
      </div>
      {create.isError ? <Alert tone="error">{errorMessage(create.error)}</Alert> : null}
      {created ? (
        <div className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3" role="status">
          <p className="text-sm text-emerald-900">Link created. Copy it now: it is not shown again.</p>
          <div className="flex gap-2">
            <input readOnly value={created} aria-label="Share link" onFocus={(event) => event.target.select()} className="min-w-0 flex-1 rounded-md border border-emerald-300 bg-white px-2 py-1.5 font-mono text-xs" data-testid="share-url" />
            <Button variant="outline" size="sm" onClick={() => void copy(created)}>
              {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        </div>
      ) : null}
      <div className="space-y-2">
        <h4 className="text-sm font-semibold text-slate-900">Links to this report</h4>
        {shares.isPending ? (
          <Spinner className="size-5" />
        ) : shares.isError ? (
          <Alert tone="error">{errorMessage(shares.error)}</Alert>
        ) : shares.data.length === 0 ? (
          <p className="text-sm text-slate-600">No links yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="share-list">
            {shares.data.map((share) => {
              const state = shareState(share);
              return (
                <li key={share.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                  <div>
                    <div className="text-slate-900">Created {reportDate(share.createdAt)}</div>
                    <div className={state.active ? 'text-xs text-emerald-800' : 'text-xs text-slate-500'}>{state.label}</div>
                  </div>
                  {state.active ? (
                    <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" disabled={revoke.isPending} onClick={() => revoke.mutate(share.id)} aria-label={`Revoke the link created ${reportDate(share.createdAt)}`}>
                      Revoke
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {revoke.isError ? <Alert tone="error">{errorMessage(revoke.error)}</Alert> : null}
      </div>
    </div>
  );
}
