import { BUILT_IN_SOURCE, TOOLS, type ActionSuggestion, type ChatMessage } from '@citable/contract';
import { ArrowRight, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

interface ChatMessageViewProps {
  message: ChatMessage;
  /** Dashboard: opens the tool in place. Landing: absent, and the suggestion links to the dashboard. */
  onLaunchTool?: (suggestion: ActionSuggestion) => void;
}

/** One bubble: the user's on the right, Genie's on the left with its tool buttons and its source. */
export function ChatMessageView({ message, onLaunchTool }: ChatMessageViewProps) {
  const mine = message.type === 'user';
  return (
    <li className={cn('flex flex-col gap-2', mine ? 'items-end' : 'items-start')} data-testid={`genie-message-${message.type}`}>
      <p className="sr-only">{mine ? 'You said:' : 'Genie said:'}</p>
      <div className={cn('max-w-[85%] rounded-2xl px-3.5 py-2.5 text-sm leading-relaxed whitespace-pre-line', mine ? 'rounded-br-sm bg-primary-600 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900')}>
        {message.content}
      </div>
      {message.actionSuggestions?.length ? (
        <div className="flex max-w-[85%] flex-wrap gap-2">
          {message.actionSuggestions.map((suggestion) =>
            onLaunchTool ? (
              <button
                key={suggestion.toolId}
                type="button"
                className={buttonClasses('outline', 'sm')}
                onClick={() => onLaunchTool(suggestion)}
                data-testid={`genie-action-${suggestion.toolId}`}
              >
                {suggestion.label}
                <ArrowRight aria-hidden="true" className="size-3.5" />
              </button>
            ) : (
              <Link
                key={suggestion.toolId}
                to={`/dashboard?section=${suggestion.toolId}`}
                className={buttonClasses('outline', 'sm')}
                data-testid={`genie-action-${suggestion.toolId}`}
                aria-label={`${suggestion.label} (${TOOLS[suggestion.toolId].name} in the dashboard; sign in first)`}
              >
                {suggestion.label}
                <ArrowRight aria-hidden="true" className="size-3.5" />
              </Link>
            ),
          )}
        </div>
      ) : null}
      {!mine && message.source ? (
        <p className="flex items-center gap-1 text-xs text-slate-500" data-testid="genie-source">
          <Sparkles aria-hidden="true" className="size-3" />
          {message.source === BUILT_IN_SOURCE ? 'Answered by the built-in assistant, without an AI model' : `Answered by ${message.source}`}
        </p>
      ) : null}
    </li>
  );
}
