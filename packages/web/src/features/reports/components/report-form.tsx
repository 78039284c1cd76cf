import {
  HISTORY_PERIODS,
  planAtLeast,
  PLANS,
  REPORT_FORMATS,
  REPORT_LIMITS,
  REPORT_MESSAGES,
  REPORT_TEMPLATES,
  type GenerateReportRequest,
  type HistoryPeriod,
  type PlanId,
  type Profile,
  type ReportFormat,
  type ReportTemplateId,
} from '@citable/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { FORMAT_LABELS } from '../lib/format';

const PERIOD_LABELS: Record<HistoryPeriod, string> = { '7d': 'Last 7 days', '30d': 'Last 30 days', '90d': 'Last 90 days', all: 'All audits' };

interface ReportFormProps {
  template: ReportTemplateId;
  profile: Profile;
  submitting: boolean;
  error: string | null;
  onSubmit: (request: GenerateReportRequest) => void;
  onBack: () => void;
}

function Toggle({ label, hint, checked, onChange, testId, disabled }: { label: string; hint?: ReactNode; checked: boolean; onChange: (checked: boolean) => void; testId?: string; disabled?: boolean }) {
  return (
    <label className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:disabled]:opacity-60">
      <input type="checkbox" className="mt-0.5 size-4 accent-primary-600" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} data-testid={testId} />
      <span>
        <span className="block text-sm font-medium text-slate-800">{label}</span>
        {hint ? <span className="block text-xs text-slate-600">{hint}</span> : null}
      </span>
    </label>
  );
}

function Locked({ plan }: { plan: PlanId }) {
  return <Badge tone="accent">{PLANS[plan].name} plan</Badge>;
}

const positive = (text: string) => (text.trim() === '' ? NaN : Number(text));

/** Step two: the chosen template's options, offered as the plan allows (spec 002 §6 Reports row). */
export function ReportForm({ template, profile, submitting, error, onSubmit, onBack }: ReportFormProps) {
  const definition = REPORT_TEMPLATES[template];
  const plan = profile.plan;
  const benchmarksAllowed = planAtLeast(plan, 'pro');
  const brandingAllowed = planAtLeast(plan, 'agency');
  const [name, setName] = useState('');
  const [format, setFormat] = useState<ReportFormat>('pdf');
  const [period, setPeriod] = useState<HistoryPeriod>('all');
  const [website, setWebsite] = useState(profile.websites[0]?.url ?? '');
  const [options, setOptions] = useState({ includeRecommendations: true, includeCharts: true, includeHistory: true, includeROI: false, includeCompetitorBenchmarks: false });
  const [roi, setRoi] = useState({ traffic: '', conversionRate: '', value: '' });
  // On the plan that has white-label, a report wears the agency's colours and logo unless turned off
  // (issue 33: the PDF header stayed Citable purple after the agency set its colour); an empty
  // company name takes the white-label settings' name.
  const [branding, setBranding] = useState({ includeLogo: brandingAllowed, customColors: brandingAllowed, companyName: '', footerText: '' });
  const set = (key: keyof typeof options) => (checked: boolean) => setOptions((current) => ({ ...current, [key]: checked }));

  const roiValues = { monthlyOrganicTraffic: positive(roi.traffic), conversionRate: positive(roi.conversionRate), valuePerConversion: positive(roi.value) };
  const roiValid = Number.isInteger(roiValues.monthlyOrganicTraffic) && roiValues.monthlyOrganicTraffic > 0 && roiValues.conversionRate > 0 && roiValues.conversionRate <= 100 && roiValues.valuePerConversion > 0;
  const needsRoi = definition.carriesRoi && options.includeROI;
  const canSubmit = name.trim() !== '' && !submitting && (!needsRoi || roiValid);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The button is disabled until the form is complete; Enter in a field must not get around it.
    if (!canSubmit) return;
    onSubmit({
      reportType: template,
      reportName: name.trim(),
      format,
      reportData: website ? { website } : undefined,
      config: {
        ...options,
        includeROI: needsRoi,
        includeCompetitorBenchmarks: template !== 'competitive-intelligence' && benchmarksAllowed && options.includeCompetitorBenchmarks,
        period,
        roiInputs: needsRoi ? roiValues : undefined,
        brandingOptions: brandingAllowed ? branding : undefined,
      },
    });
  };

  return (
    <form onSubmit={submit} className="space-y-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="report-form" noValidate>
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">{definition.name}</h3>
          <p className="text-sm text-slate-600">{definition.description}</p>
        </div>
        <Button variant="ghost" onClick={onBack}>
          Back
        </Button>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Report name"
          required
          maxLength={REPORT_LIMITS.nameMaxLength}
          value={name}
          hint={name.trim() === '' ? REPORT_MESSAGES.nameRequired : undefined}
          onChange={(event) => setName(event.target.value)}
          data-autofocus
          data-testid="report-name"
        />
        <SelectField label="Format" value={format} onChange={(event) => setFormat(event.target.value as ReportFormat)} data-testid="report-format">
          {REPORT_FORMATS.map((id) => (
            <option key={id} value={id}>
              {FORMAT_LABELS[id]}
            </option>
          ))}
        </SelectField>
        {profile.websites.length > 1 ? (
          <SelectField label="Website" value={website} onChange={(event) => setWebsite(event.target.value)}>
            {profile.websites.map((site) => (
              <option key={site.url} value={site.url}>
                {site.name} ({site.url})
              </option>
            ))}
          </SelectField>
        ) : null}
        <SelectField label="Period" hint="How far back the history and the ROI's score change reach" value={period} onChange={(event) => setPeriod(event.target.value as HistoryPeriod)}>
          {HISTORY_PERIODS.map((id) => (
            <option key={id} value={id}>
              {PERIOD_LABELS[id]}
            </option>
          ))}
        </SelectField>
      </div>

      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Include</legend>
        <div className="grid gap-2 md:grid-cols-2">
          <Toggle label="Recommendations" hint="The fixes, most points lost first" checked={options.includeRecommendations} onChange={set('includeRecommendations')} />
          <Toggle label="Charts" hint="Score bars and the history line" checked={options.includeCharts} onChange={set('includeCharts')} />
          <Toggle label="History" hint="Every audit of the site in the period" checked={options.includeHistory} onChange={set('includeHistory')} />
          {template !== 'competitive-intelligence' ? (
            <Toggle
              label="Competitor benchmarks"
              hint={benchmarksAllowed ? 'Your competitors’ latest audits beside yours' : <Locked plan="pro" />}
              checked={benchmarksAllowed && options.includeCompetitorBenchmarks}
              disabled={!benchmarksAllowed}
              onChange={set('includeCompetitorBenchmarks')}
            />
          ) : null}
          {definition.carriesRoi ? <Toggle label="ROI metrics" hint="Computed from your audits and the numbers you enter" checked={options.includeROI} onChange={set('includeROI')} testId="report-roi" /> : null}
        </div>
      </fieldset>

      {needsRoi ? (
        <fieldset className="space-y-3 rounded-lg bg-slate-50 p-4">
          <legend className="float-left mb-1 w-full text-sm font-semibold text-slate-900">Your numbers for ROI</legend>
          <p className="text-xs text-slate-600">From your analytics. The report shows every formula; with fewer than two audits in the period it says so instead of estimating.</p>
          <div className="grid gap-3 md:grid-cols-3">
            <TextField label="Monthly organic visits" inputMode="numeric" value={roi.traffic} onChange={(event) => setRoi({ ...roi, traffic: event.target.value })} data-testid="roi-traffic" />
            <TextField label="Conversion rate (%)" inputMode="decimal" value={roi.conversionRate} onChange={(event) => setRoi({ ...roi, conversionRate: event.target.value })} data-testid="roi-conversion" />
            <TextField label="Value per conversion" inputMode="decimal" value={roi.value} onChange={(event) => setRoi({ ...roi, value: event.target.value })} data-testid="roi-value" />
          </div>
          {!roiValid ? <p className="text-xs text-slate-600">{REPORT_MESSAGES.roiInputsRequired}</p> : null}
        </fieldset>
      ) : null}

      <fieldset className="space-y-3">
        <legend className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900">White label {brandingAllowed ? null : <Locked plan="agency" />}</legend>
        {brandingAllowed ? (
          <div className="grid gap-3 md:grid-cols-2">
            <TextField label="Company name" maxLength={REPORT_LIMITS.companyNameMaxLength} value={branding.companyName} onChange={(event) => setBranding({ ...branding, companyName: event.target.value })} />
            <TextField label="Footer text" maxLength={REPORT_LIMITS.footerTextMaxLength} value={branding.footerText} onChange={(event) => setBranding({ ...branding, footerText: event.target.value })} />
            <Toggle label="Custom colours" hint="The primary, secondary and accent colours of your white-label settings" checked={branding.customColors} onChange={(customColors) => setBranding({ ...branding, customColors })} />
          </div>
        ) : (
          <p className="text-sm text-slate-600">Your logo, company name and footer on the report come with the Agency plan.</p>
        )}
      </fieldset>

      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onBack}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSubmit} data-testid="report-generate">
          {submitting ? 'Starting…' : 'Generate'}
        </Button>
      </div>
    </form>
  );
}
