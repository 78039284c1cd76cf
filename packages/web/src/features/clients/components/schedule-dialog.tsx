import { REPORT_TEMPLATES, type ClientReportCadence, type ClientReportSchedule } from '@citable/contract';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { useToast } from '../../../components/toast/use-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSaveSchedule, useSchedule } from '../hooks/use-clients';

const CADENCES: { id: ClientReportCadence; label: string }[] = [
  { id: 'off', label: 'Off' },
  { id: 'weekly', label: 'Weekly' },
  { id: 'monthly', label: 'Monthly' },
];

const email = z.string().email();

/** Recipients typed one per line or separated by commas or spaces; the invalid ones are named. */
export function parseRecipients(text: string): { recipients: string[]; invalid: string[] } {
  const items = [...new Set(text.split(/[\s,;]+/).map((item) => item.trim().toLowerCase()).filter(Boolean))];
  return { recipients: items.filter((item) => email.safeParse(item).success), invalid: items.filter((item) => !email.safeParse(item).success) };
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : null);

interface ScheduleDialogProps {
  workspaceId: string;
  client: { id: string; name: string } | null;
  onClose: () => void;
}

/** A client's scheduled report: cadence, recipients, template and format (issue #11 §3). */
export function ScheduleDialog({ workspaceId, client, onClose }: ScheduleDialogProps) {
  return (
    <Modal
      open={client !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={client ? `Report schedule: ${client.name}` : 'Report schedule'}
      description="Reports are generated with the client's white-label branding and e-mailed to the recipients."
      testId="schedule-dialog"
    >
      {client ? <ScheduleForm key={client.id} workspaceId={workspaceId} clientId={client.id} onClose={onClose} /> : null}
    </Modal>
  );
}

function ScheduleForm({ workspaceId, clientId, onClose }: { workspaceId: string; clientId: string; onClose: () => void }) {
  const schedule = useSchedule(workspaceId, clientId);
  if (schedule.isPending)
    return (
      <div className="flex justify-center p-8" role="status" aria-label="Loading the schedule">
        <Spinner className="size-6" />
      </div>
    );
  if (schedule.isError)
    return (
      <div className="space-y-3">
        <Alert tone="error">{errorMessage(schedule.error)}</Alert>
        <Button variant="outline" onClick={() => void schedule.refetch()}>
          Try again
        </Button>
      </div>
    );
  return <ScheduleFields workspaceId={workspaceId} clientId={clientId} initial={schedule.data} onClose={onClose} />;
}

function ScheduleFields({ workspaceId, clientId, initial, onClose }: { workspaceId: string; clientId: string; initial: ClientReportSchedule; onClose: () => void }) {
  const save = useSaveSchedule(workspaceId, clientId);
  const toast = useToast();
  const [cadence, setCadence] = useState<ClientReportCadence>(initial.cadence);
  const [recipients, setRecipients] = useState(initial.recipients.join('\n'));
  const [template, setTemplate] = useState(initial.template || 'executive-summary');
  const [format, setFormat] = useState<'pdf' | 'html'>(initial.format);
  const [recipientError, setRecipientError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseRecipients(recipients);
    if (parsed.invalid.length > 0) return setRecipientError(`Not an e-mail address: ${parsed.invalid.join(', ')}`);
    if (cadence !== 'off' && parsed.recipients.length === 0) return setRecipientError('Add at least one recipient, or turn the schedule off.');
    setRecipientError(undefined);
    save.mutate(
      { cadence, recipients: parsed.recipients, template, format },
      {
        onSuccess: (saved) => {
          toast.show({ type: 'success', title: 'Schedule saved', message: saved.cadence === 'off' ? 'Scheduled reports are off for this client.' : `Next report: ${when(saved.nextRunAt) ?? 'soon'}.` });
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="schedule-form">
      {save.isError ? <Alert tone="error">{errorMessage(save.error)}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Cadence" value={cadence} onChange={(event) => setCadence(event.target.value as ClientReportCadence)} data-autofocus>
          {CADENCES.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Template" value={template} onChange={(event) => setTemplate(event.target.value)}>
          {Object.values(REPORT_TEMPLATES).map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Format" value={format} onChange={(event) => setFormat(event.target.value as 'pdf' | 'html')}>
          <option value="pdf">PDF attachment</option>
          <option value="html">HTML link</option>
        </SelectField>
      </div>
      <TextAreaField
        label="Recipients"
        rows={3}
        placeholder={'owner@client.example.com\nmarketing@client.example.com'}
        hint="One e-mail address per line."
        value={recipients}
        onChange={(event) => setRecipients(event.target.value)}
        error={recipientError}
      />
      <dl className="grid grid-cols-2 gap-3 rounded-lg bg-slate-50 px-4 py-3 text-sm">
        <div>
          <dt className="text-slate-500">Next report</dt>
          <dd className="font-medium text-slate-900">{initial.cadence === 'off' ? 'Not scheduled' : (when(initial.nextRunAt) ?? 'Soon')}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Last sent</dt>
          <dd className="font-medium text-slate-900">{when(initial.lastSentAt) ?? 'Never'}</dd>
        </div>
      </dl>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="schedule-save">
          {save.isPending ? 'Saving…' : 'Save schedule'}
        </Button>
      </div>
    </form>
  );
}
