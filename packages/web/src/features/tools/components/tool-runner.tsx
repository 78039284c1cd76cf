import { canUseTool, TOOLS, TOOL_MESSAGES, type Profile } from '@citable/contract';
import { ArrowLeft, SearchX } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useCompletionToasts } from '../hooks/use-completion-toasts';
import { TOOL_SCREENS } from '../screens';
import { isToolId, LockedTool } from './locked-tool';

/**
 * A tool's run page by id (spec 001 §2): "Tool Not Found" for an unknown id, "Tool {id} not
 * implemented" for a known tool without a screen here, what the tool does and the plan that has
 * it when the user's plan does not. Keyed by the id, so a different tool starts with fresh inputs
 * and no results.
 */
export function ToolRunner({ toolId, profile, onBack }: { toolId: string; profile: Profile; onBack?: () => void }) {
  const known = isToolId(toolId);
  const notify = useCompletionToasts(known ? TOOLS[toolId].name : toolId);
  const Screen = known ? TOOL_SCREENS[toolId] : undefined;
  if (known && !canUseTool(profile.plan, toolId)) return <LockedTool toolId={toolId} plan={profile.plan} />;
  if (Screen) return <Screen key={toolId} profile={profile} onComplete={notify} />;
  return (
    <div className="mx-auto max-w-lg rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200" data-testid="tool-not-found">
      <SearchX aria-hidden="true" className="mx-auto size-10 text-slate-400" />
      <h1 className="mt-4 text-xl font-semibold text-slate-900">{TOOL_MESSAGES.notFound}</h1>
      <p className="mt-2 text-slate-600">{known ? TOOL_MESSAGES.notImplemented(toolId) : `There is no tool called “${toolId}”.`}</p>
      {onBack ? (
        <Button className="mt-6" onClick={onBack} data-testid="tool-back">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to tools
        </Button>
      ) : null}
    </div>
  );
}
