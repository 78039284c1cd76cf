import { planAtLeast, PLANS, REPORT_TEMPLATE_IDS, REPORT_TEMPLATES, REPORT_SECTION_LABELS, type PlanId, type ReportTemplateId } from '@citable/contract';
import { Lock } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';

/** Step one of generating: the templates, with the ones above the plan shown locked. */
export function TemplateChooser({ plan, onChoose, onCancel }: { plan: PlanId; onChoose: (id: ReportTemplateId) => void; onCancel: () => void }) {
  return (
    <section className="space-y-4" aria-labelledby="template-chooser-title" data-testid="report-templates">
      <div className="flex items-center justify-between">
        <h3 id="template-chooser-title" className="text-lg font-semibold text-slate-900">
          Choose a template
        </h3>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {REPORT_TEMPLATE_IDS.map((id) => {
          const template = REPORT_TEMPLATES[id];
          const allowed = planAtLeast(plan, template.planRequired);
          return (
            <button
              key={id}
              type="button"
              disabled={!allowed}
              onClick={() => onChoose(id)}
              data-testid={`report-template-${id}`}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 text-left shadow-sm transition hover:border-primary-400 hover:shadow-md focus-visible:outline-3 focus-visible:outline-primary-600/40 disabled:cursor-not-allowed disabled:opacity-70 disabled:hover:border-slate-200 disabled:hover:shadow-sm"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="font-semibold text-slate-900">{template.name}</span>
                {allowed ? null : (
                  <Badge tone="accent">
                    <Lock aria-hidden="true" className="mr-1 size-3" /> {PLANS[template.planRequired].name}
                  </Badge>
                )}
              </div>
              <p className="text-sm text-slate-600">{template.description}</p>
              <ul className="flex flex-wrap gap-1.5">
                {template.sections.map((section) => (
                  <li key={section}>
                    <Badge>{REPORT_SECTION_LABELS[section]}</Badge>
                  </li>
                ))}
              </ul>
            </button>
          );
        })}
      </div>
    </section>
  );
}
