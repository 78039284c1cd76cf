import { planToolCount, PLANS, type Profile, type ToolId } from '@citable/contract';
import { useSearchParams } from 'react-router';
import { ToolRunner } from './tool-runner';
import { ToolsGrid } from './tools-grid';

/** The dashboard selects sections with `?section=<id>`; `?tool=<id>` addresses a tool by id from links and the assistant. */
const SECTION_PARAM = 'section';
const TOOL_PARAM = 'tool';

/** The tools grid, or the tool named by `?tool=`. */
export function ToolsSection({ profile, available }: { profile: Profile; available: readonly string[] }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get(TOOL_PARAM);

  const open = (id: ToolId) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(TOOL_PARAM);
      next.set(SECTION_PARAM, id);
      return next;
    });
  const back = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(TOOL_PARAM);
      return next;
    });

  if (requested !== null) return <ToolRunner key={requested} toolId={requested} profile={profile} onBack={back} />;

  // Counted as the pricing page counts them (planToolCount), so the two never disagree (issue 33).
  const { included, total } = planToolCount(profile.plan);

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Tools</h1>
        <p className="mt-1 text-slate-600">
          Each tool reads your pages and shows what to change.{' '}
          {included === total
            ? `Your ${PLANS[profile.plan].name} plan includes all of them.`
            : included === 0
              ? `Your ${PLANS[profile.plan].name} plan includes the overview's score; the tools come with the paid plans. Open one to see what it does and which plan has it.`
              : `Your ${PLANS[profile.plan].name} plan includes ${included} of ${total} tools; open a locked one to see what it does and which plan has it.`}
        </p>
      </header>
      <ToolsGrid plan={profile.plan} available={available} onOpen={open} />
    </div>
  );
}
