import { INDUSTRIES, MESSAGES, planAtLeast, PLANS, SUPPORT_EMAIL, WEBHOOK_MESSAGES, type GoalId, type Industry, type Profile } from '@citable/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { useScopeAccess } from '../../../hooks/use-scope-access';
import { GoalPicker } from '../../../components/forms/goal-picker';
import { rowErrors, rowsFrom, validEntries, type SiteRow } from '../../../components/forms/site-rows';
import { SiteRowsEditor } from '../../../components/forms/site-rows-editor';
import { useToast } from '../../../components/toast/use-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useProfile } from '../../../hooks/use-profile';
import { useCurrentWorkspace } from '../../../hooks/use-workspaces';
import type { SessionUser } from '../../../hooks/use-session';
import { ApiRequestError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useClientScope } from '../../../stores/client-scope';
import { useUiState } from '../../../stores/ui-state';
import { ApiKeysSection } from '../../api-keys/components/api-keys-section';
import { DigestSetting } from '../../digest/components/digest-setting';
import { SecuritySection } from '../../two-factor/components/security-section';
import { TeamSection } from '../../team';
import { WebhooksSection } from '../../webhooks';
import { updateProfile } from '../api/update-profile';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** A plan refusal (403) carries the server's own explanation; anything else gets the spec's text. */
function saveErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && (error.status === 403 || error.status === 400)) return error.message;
  if (error instanceof ApiRequestError && error.status === 401) return MESSAGES.auth.notAuthenticated;
  return MESSAGES.settings.updateFailed;
}

function SettingsForm({ user, profile }: { user: SessionUser; profile: Profile }) {
  const { setSettingsOpen } = useUiState();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [industry, setIndustry] = useState<Industry | ''>(profile.industry ?? '');
  const [description, setDescription] = useState(profile.business_description ?? '');
  const [websites, setWebsites] = useState<SiteRow[]>(() => rowsFrom(profile.websites));
  const [competitors, setCompetitors] = useState<SiteRow[]>(() => rowsFrom(profile.competitors));
  const [goals, setGoals] = useState<GoalId[]>(profile.goals);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const plan = PLANS[profile.plan];
  // With an agency client selected, the business fields are the client's; the account stays the person's own.
  const { clientId } = useClientScope();
  // A client-role member viewing a shared client sees no webhook endpoints: their URLs carry credentials (docs/security.md).
  const { workspace } = useCurrentWorkspace();
  const clientViewer = Boolean(clientId) && workspace?.role === 'client';
  // A read-only role reads the client's business details; the server would refuse a save (issue 33).
  const access = useScopeAccess();
  const readOnlyId = useId();

  const rowsHaveErrors = [...websites, ...competitors].some((row) => Object.keys(rowErrors(row)).length > 0);
  const noWebsite = validEntries(websites).length === 0;

  const save = async () => {
    setError(null);
    setSaving(true);
    try {
      const saved = await updateProfile({
        ...(industry ? { industry } : {}),
        business_description: description.trim(),
        websites: validEntries(websites),
        competitors: validEntries(competitors),
        goals,
      });
      queryClient.setQueryData(queryKeys.profile(user.id), saved);
      setSettingsOpen(false);
      toast.show({ type: 'success', title: 'Settings Saved', message: 'Your profile has been updated.' });
    } catch (caught) {
      setError(saveErrorMessage(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : setSettingsOpen(false))}
      title="Settings"
      description={clientId ? "The selected client's business, websites, competitors and goals; your own account, security and team." : 'Your business, websites, competitors and goals.'}
      testId="settings-dialog"
      className="max-w-2xl"
      footer={
        <>
          <Button variant="ghost" onClick={() => setSettingsOpen(false)} disabled={saving}>
            Cancel
          </Button>
          {access.reason ? <ReadOnlyNote id={readOnlyId} reason={access.reason} className="mr-auto" /> : null}
          <Button
            onClick={() => void save()}
            disabled={saving || rowsHaveErrors || noWebsite || access.readOnly}
            title={access.reason ?? undefined}
            aria-describedby={access.readOnly ? readOnlyId : undefined}
            data-testid="settings-save"
          >
            {saving ? (
              <>
                <Spinner className="size-4" />
                Saving...
              </>
            ) : (
              'Save Changes'
            )}
          </Button>
        </>
      }
    >
      <div className="space-y-8">
        {error ? (
          <Alert tone="error" testId="settings-error">
            {error}
          </Alert>
        ) : null}
        <Section title="Account">
          <div className="grid gap-4">
            <TextField label="Full name" value={clientId ? user.name : (profile.full_name ?? user.name ?? '')} readOnly />
            <TextField label="Email" type="email" value={clientId ? user.email : profile.email || user.email} readOnly hint={`Your name and e-mail address are your sign-in details and cannot be changed in Citable. To correct either, write to ${SUPPORT_EMAIL} from this address.`} />
          </div>
        </Section>
        {/* A native disabled fieldset turns every field and button of the client's details off at once. */}
        <fieldset disabled={access.readOnly} className="min-w-0 space-y-8" aria-describedby={access.readOnly ? readOnlyId : undefined}>
        <Section title="Business">
          <SelectField label="Industry" required value={industry} onChange={(event) => setIndustry(event.target.value as Industry | '')} data-autofocus>
            <option value="">Select your industry</option>
            {INDUSTRIES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </SelectField>
          <TextAreaField label="Business description" rows={3} maxLength={2000} value={description} onChange={(event) => setDescription(event.target.value)} />
        </Section>
        <Section title="Websites">
          <SiteRowsEditor
            noun="Website"
            rows={websites}
            onChange={setWebsites}
            hint={`Your ${plan.name} plan includes ${plan.websitesLimit} website${plan.websitesLimit === 1 ? '' : 's'}.`}
            testIdPrefix="settings-website"
          />
        </Section>
        <Section title="Competitors">
          <SiteRowsEditor
            noun="Competitor"
            rows={competitors}
            onChange={setCompetitors}
            hint={`Your ${plan.name} plan includes ${plan.competitorsLimit} competitor${plan.competitorsLimit === 1 ? '' : 's'}.`}
            testIdPrefix="settings-competitor"
          />
        </Section>
        <Section title="Goals">
          <GoalPicker value={goals} onChange={setGoals} legend="Your goals" />
        </Section>
        </fieldset>
        <Section title="API keys">
          <ApiKeysSection />
        </Section>
        <Section title="Webhooks">
          {clientViewer ? <p className="text-sm text-slate-600">{WEBHOOK_MESSAGES.clientRole}</p> : <WebhooksSection />}
        </Section>
        <Section title="Security">
          <SecuritySection userId={user.id} />
        </Section>
        <Section title="Team">
          <TeamSection userId={user.id} plan={profile.plan} />
        </Section>
        {planAtLeast(profile.plan, 'pro') ? (
          <Section title="E-mail">
            <DigestSetting userId={user.id} />
          </Section>
        ) : null}
      </div>
    </Modal>
  );
}

/** Settings dialog of spec 002 §2.10; the server enforces plan caps and explains refusals. */
export function SettingsDialog({ user }: { user: SessionUser }) {
  const profile = useProfile();
  if (!profile.data) return null;
  return <SettingsForm user={user} profile={profile.data} />;
}
