import { AREAS, canUseArea, THEME_DEFAULTS, WHITE_LABEL_MESSAGES, whiteLabelUpdateSchema, type Profile, type WhiteLabelSettings } from '@citable/contract';
import { Palette } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/use-toast';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useUiState } from '../../../stores/ui-state';
import { useSaveWhiteLabel, useWhiteLabel } from '../hooks/use-white-label';
import { themeStyle } from '../lib/brand-style';
import { ColorField } from './color-field';
import { useScopeAccess } from '../../../hooks/use-scope-access';

type Form = Record<'primary_color_hex' | 'secondary_color_hex' | 'accent_color_hex' | 'favicon_url' | 'company_name' | 'custom_css', string>;

const fromSettings = (settings: WhiteLabelSettings): Form => ({
  primary_color_hex: settings.primary_color_hex ?? '',
  secondary_color_hex: settings.secondary_color_hex ?? '',
  accent_color_hex: settings.accent_color_hex ?? '',
  favicon_url: settings.favicon_url ?? '',
  company_name: settings.company_name ?? '',
  custom_css: settings.custom_css ?? '',
});

/** White-label theming (spec 002 §3, §6): agency only; the server validates and sanitises again. */
export function WhiteLabelSection({ profile }: { profile: Profile }) {
  const allowed = canUseArea(profile.plan, 'white-label');
  const { openBilling } = useUiState();

  return (
    <div className="space-y-6" data-testid="white-label-section">
      <header>
        <h2 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
          <Palette aria-hidden="true" className="size-6 text-primary-600" /> White-label
        </h2>
        <p className="mt-1 text-slate-600">Your brand on the dashboard and in client reports: colours, favicon, company name and style rules.</p>
      </header>
      {allowed ? (
        <WhiteLabelEditor />
      ) : (
        <div className="space-y-3 rounded-xl border border-primary-200 bg-primary-50 p-6" data-testid="white-label-upgrade">
          <p className="text-lg font-semibold text-slate-900">{WHITE_LABEL_MESSAGES.upgrade}</p>
          <p className="text-sm text-slate-700">White-label theming is part of the Agency plan, with client reporting and team access.</p>
          <Button onClick={() => openBilling({ plan: AREAS['white-label'].requiredPlan, feature: AREAS['white-label'].label })}>See plans</Button>
        </div>
      )}
    </div>
  );
}

function WhiteLabelEditor() {
  const current = useWhiteLabel();
  const save = useSaveWhiteLabel();
  // A read-only role (a client of an agency) sees these controls off, with the reason (issue 33).
  const access = useScopeAccess();
  const toast = useToast();
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [removed, setRemoved] = useState<string[]>([]);

  useEffect(() => {
    if (current.data && form === null) setForm(fromSettings(current.data.settings));
  }, [current.data, form]);

  if (current.isError) return <Alert tone="error">{errorMessage(current.error)}</Alert>;
  if (!form) return <Spinner className="size-6" />;

  const set = (name: keyof Form) => (value: string) => setForm({ ...form, [name]: value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = whiteLabelUpdateSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
      return;
    }
    setErrors({});
    save.mutate(form, {
      onSuccess: (saved) => {
        setForm(fromSettings(saved.settings));
        setRemoved(saved.removed);
        toast.show({ type: 'success', title: WHITE_LABEL_MESSAGES.saved, message: saved.removed.length ? 'Parts of your CSS were removed; the note under the editor says which.' : 'Your dashboard shows the new branding.' });
      },
      onError: (error) => toast.show({ type: 'error', title: WHITE_LABEL_MESSAGES.saveFailed, message: errorMessage(error) }),
    });
  };

  return (
    <form className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]" onSubmit={submit} noValidate>
      <div className="space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="grid gap-4 sm:grid-cols-3">
          <ColorField label="Primary colour" value={form.primary_color_hex} fallback={THEME_DEFAULTS.primary} onChange={set('primary_color_hex')} error={errors.primary_color_hex} />
          <ColorField label="Secondary colour" value={form.secondary_color_hex} fallback={THEME_DEFAULTS.secondary} onChange={set('secondary_color_hex')} error={errors.secondary_color_hex} />
          <ColorField label="Accent colour" value={form.accent_color_hex} fallback={THEME_DEFAULTS.accent} onChange={set('accent_color_hex')} error={errors.accent_color_hex} />
        </div>
        <TextField label="Company name" value={form.company_name} onChange={(event) => set('company_name')(event.target.value)} maxLength={100} error={errors.company_name} />
        <TextField
          label="Favicon URL"
          type="url"
          value={form.favicon_url}
          onChange={(event) => set('favicon_url')(event.target.value)}
          placeholder="https://example.com/favicon.png"
          hint="An https:// address of a PNG, SVG or ICO file."
          error={errors.favicon_url}
        />
        <TextAreaField
          label="Custom CSS"
          rows={6}
          className="font-mono text-sm"
          value={form.custom_css}
          onChange={(event) => set('custom_css')(event.target.value)}
          hint="Allowed: color, background-color, border-color, border-radius, font-family (system fonts), font-weight, font-style, text-transform. Rules apply inside the dashboard only; url(), @import and other properties are removed."
          error={errors.custom_css}
        />
        {removed.length > 0 ? (
          <Alert tone="info" testId="white-label-removed">
            Removed from your CSS: {removed.join('; ')}.
          </Alert>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending || access.readOnly} title={access.writeControl.title} aria-describedby={access.writeControl['aria-describedby']} data-testid="white-label-save">
            {save.isPending ? 'Saving…' : 'Save branding'}
          </Button>
        </div>
      </div>
      <Preview form={form} />
    </form>
  );
}

/**
 * How the three colours look on the dashboard's main elements, before saving: the form's colours
 * become the theme's scales here as on the dashboard (themeStyle), and the elements are drawn
 * with the dashboard's own shades, so the preview shows the contrast the dashboard will have.
 */
function Preview({ form }: { form: Form }) {
  const color = (value: string, fallback: string) => (/^#[0-9a-f]{6}$/i.test(value) ? value : fallback);
  const theme = themeStyle({
    primary: color(form.primary_color_hex, THEME_DEFAULTS.primary),
    secondary: color(form.secondary_color_hex, THEME_DEFAULTS.secondary),
    accent: color(form.accent_color_hex, THEME_DEFAULTS.accent),
  });
  return (
    <aside className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" style={theme} aria-label="Preview">
      <p className="text-sm font-semibold text-slate-900">Preview</p>
      <p className="truncate text-lg font-semibold text-slate-900">{form.company_name || 'Citable'}</p>
      <span className={buttonClasses('primary', 'sm')}>Primary button</span>
      <div className="flex gap-2">
        <Badge tone="secondary">Secondary</Badge>
        <Badge tone="accent">Accent</Badge>
      </div>
    </aside>
  );
}
