import { planAtLeast, TOOL_MESSAGES, type PlanId, type ToolDefinition } from '@citable/contract';
import { Play, RotateCcw } from 'lucide-react';
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useScopeAccess } from '../../../hooks/use-scope-access';
import { UpgradePrompt } from '../../billing/components/upgrade-prompt';
import { toolDetails } from './locked-tool';

interface ToolPageProps {
  tool: ToolDefinition;
  plan: PlanId;
  /** The inputs. */
  children: ReactNode;
  /** Whether the required inputs are there; Run stays disabled until they are. */
  canRun: boolean;
  /** Says what is missing while `canRun` is false. */
  missing?: string;
  running: boolean;
  error: Error | null;
  onRun: () => void;
  onRunAgain: () => void;
  /** The rendered result, or null before the first run. */
  results: ReactNode | null;
  /** A note shown under the inputs (what the tool reads). */
  note?: ReactNode;
}

/**
 * The frame every tool page shares (spec 001 §2, §4): its inputs and Run, the "Running {tool}..."
 * state, the result with Run Again, or the failure. The server enforces plans; a plan below the
 * tool is explained here instead of letting the user fill a form that will be refused.
 */
export function ToolPage({ tool, plan, children, canRun, missing, running, error, onRun, onRunAgain, results, note }: ToolPageProps) {
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const hasResults = results !== null;
  // Keyboard and screen-reader users land on the result the moment it arrives.
  useEffect(() => {
    if (hasResults) resultsHeading.current?.focus();
  }, [hasResults, results]);

  // A read-only role (a client of an agency) sees the tool and its results but cannot run it.
  const access = useScopeAccess();
  const readOnlyId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canRun && !running && !access.readOnly) onRun();
  };

  const allowed = planAtLeast(plan, tool.requiredPlan);

  return (
    <div className="mx-auto max-w-5xl space-y-6" data-testid={`tool-page-${tool.id}`}>
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{tool.name}</h1>
        <p className="mt-1 text-slate-600">{tool.description}</p>
      </header>

      {!allowed ? (
        <UpgradePrompt feature={tool.name} description={toolDetails(tool.id)} requiredPlan={tool.requiredPlan} currentPlan={plan} testId="tool-upgrade" />
      ) : (
        <form onSubmit={submit} className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-label={`${tool.name} inputs`}>
          {children}
          {note ? <div className="text-sm text-slate-600">{note}</div> : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="submit"
              disabled={!canRun || running || access.readOnly}
              data-testid="tool-run"
              title={access.reason ?? undefined}
              aria-describedby={access.readOnly ? readOnlyId : !canRun && missing ? 'tool-missing' : undefined}
            >
              {running ? <Spinner className="size-4" /> : <Play aria-hidden="true" className="size-4" />}
              {running ? TOOL_MESSAGES.running(tool.name) : `Run ${tool.name}`}
            </Button>
            {access.reason ? (
              <ReadOnlyNote id={readOnlyId} reason={access.reason} />
            ) : !canRun && missing ? (
              <p id="tool-missing" className="text-sm text-slate-600">
                {missing}
              </p>
            ) : null}
          </div>
        </form>
      )}

      <div aria-live="polite" aria-busy={running}>
        {running ? (
          <div role="status" className="flex items-center gap-3 rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200" data-testid="tool-running">
            <Spinner className="text-primary-600" />
            {TOOL_MESSAGES.running(tool.name)}
          </div>
        ) : error ? (
          <Alert tone="error" testId="tool-error">
            <p className="font-medium">{TOOL_MESSAGES.failed(tool.name)}</p>
            <p className="mt-1">{error.message || TOOL_MESSAGES.unknownError}</p>
          </Alert>
        ) : hasResults ? (
          <section aria-labelledby="tool-results-title" className="space-y-4" data-testid="tool-results">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="tool-results-title" ref={resultsHeading} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
                Results
              </h2>
              <Button variant="outline" size="sm" onClick={onRunAgain} data-testid="tool-run-again" disabled={access.readOnly} title={access.reason ?? undefined} aria-describedby={access.readOnly ? readOnlyId : undefined}>
                <RotateCcw aria-hidden="true" className="size-4" />
                Run Again
              </Button>
            </div>
            {results}
          </section>
        ) : null}
      </div>
    </div>
  );
}
