import { Check, Plus } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { errorMessage } from '../../../../lib/api-client';
import { useTrackPrompts } from '../../hooks/use-tracking';
import { useScopeAccess } from '../../../../hooks/use-scope-access';

/** Tracks one suggested prompt for the website in one click (issue 21: from Prompt Match Suggestions). */
export function TrackPromptButton({ domain, prompt }: { domain: string; prompt: string }) {
  const track = useTrackPrompts();
  // A read-only role (a client of an agency) sees these controls off, with the reason (issue 33).
  const access = useScopeAccess();
  if (track.isSuccess) {
    return (
      <span className="inline-flex items-center gap-1 text-sm text-emerald-700" role="status">
        <Check aria-hidden="true" className="size-4" /> Tracked in the Citation Tracker
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button variant="outline" size="sm" onClick={() => track.mutate({ domain, prompts: [prompt] })} disabled={track.isPending || access.readOnly} title={access.writeControl.title} aria-describedby={access.writeControl['aria-describedby']} aria-label={`Track “${prompt}” in the Citation Tracker`}>
        <Plus aria-hidden="true" className="size-4" /> Track
      </Button>
      {track.isError ? (
        <span className="text-sm text-red-700" role="alert">
          {errorMessage(track.error)}
        </span>
      ) : null}
    </span>
  );
}
