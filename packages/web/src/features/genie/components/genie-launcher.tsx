import { GENIE_MESSAGE_MAX, GENIE_MESSAGES, type ActionSuggestion, type GenieContext } from '@citable/contract';
import { MessageCircle, Send, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useGenieChat } from '../hooks/use-genie-chat';
import { ChatMessageView } from './chat-message-view';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { useScopeAccess } from '../../../hooks/use-scope-access';

interface GenieLauncherProps {
  context: GenieContext;
  /** Dashboard only: switch to the suggested tool's section. */
  onLaunchTool?: (suggestion: ActionSuggestion) => void;
}

/**
 * The floating Genie button and its chat panel (spec 001 §2, spec 000 §2). The panel is not
 * modal: the page stays usable beside it, and Escape or the close button hides it again.
 */
export function GenieLauncher({ context, onLaunchTool }: GenieLauncherProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const { messages, pending, loggedOut, send } = useGenieChat(context);
  const panelId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLLIElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);
  // A read-only role (a client of an agency) cannot ask Genie in the agency's scope: the server refuses it (issue 33).
  const access = useScopeAccess();

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, pending]);

  const close = () => {
    setOpen(false);
    launcher.current?.focus();
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (access.readOnly) return;
    if (await send(draft)) setDraft('');
  };

  const launch = onLaunchTool
    ? (suggestion: ActionSuggestion) => {
        onLaunchTool(suggestion);
        close();
      }
    : undefined;

  return (
    <>
      {/* The button floats over the page's bottom-right corner: this space at the end of the page
          (the button, its offset and a margin) lets the last control scroll clear of it. */}
      <div aria-hidden="true" className="h-20 sm:h-24" data-testid="genie-spacer" />
      <div className="fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3 sm:right-6 sm:bottom-6">
      {open ? (
        <section
          id={panelId}
          role="dialog"
          aria-modal="false"
          aria-labelledby={`${panelId}-title`}
          className="flex h-[min(36rem,calc(100dvh-7rem))] w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-slate-200"
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
          data-testid="genie-panel"
        >
          <header className="flex items-center justify-between gap-3 bg-primary-700 px-4 py-3 text-white">
            <div>
              <h2 id={`${panelId}-title`} className="text-base font-semibold">
                Genie
              </h2>
              <p className="text-xs text-primary-100">{context === 'landing' ? 'Questions about Citable' : 'Your AI visibility assistant'}</p>
            </div>
            <button type="button" onClick={close} className="rounded-lg p-1.5 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white" aria-label="Close Genie">
              <X aria-hidden="true" className="size-5" />
            </button>
          </header>
          <ol className="flex-1 space-y-4 overflow-y-auto px-4 py-4" aria-live="polite" aria-relevant="additions" data-testid="genie-messages">
            {messages.map((message, index) => (
              <ChatMessageView key={`${message.timestamp}-${index}`} message={message} onLaunchTool={launch} />
            ))}
            {pending ? (
              <li className="flex items-center gap-2 text-sm text-slate-600" role="status" data-testid="genie-loader">
                <Spinner className="size-4 text-primary-600" />
                Genie is thinking…
              </li>
            ) : null}
            <li ref={end} aria-hidden="true" />
          </ol>
          {loggedOut ? (
            <p className="border-t border-slate-200 bg-amber-50 px-4 py-2 text-sm text-amber-900" role="alert">
              {GENIE_MESSAGES.loggedOutShort}
            </p>
          ) : null}
          {access.reason ? <ReadOnlyNote id={`${panelId}-read-only`} reason={access.reason} className="border-t border-slate-200 px-3 pt-3" /> : null}
          <form onSubmit={submit} className="flex items-end gap-2 border-t border-slate-200 p-3">
            <label htmlFor={`${panelId}-input`} className="sr-only">
              Message Genie
            </label>
            <textarea
              id={`${panelId}-input`}
              ref={input}
              rows={2}
              maxLength={GENIE_MESSAGE_MAX}
              value={draft}
              disabled={access.readOnly}
              aria-describedby={access.readOnly ? `${panelId}-read-only` : undefined}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  void submit();
                }
              }}
              placeholder={context === 'landing' ? 'Ask about Citable…' : 'Ask how to improve your AI visibility…'}
              className="block min-h-10 flex-1 resize-none rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-primary-600 focus:outline-none"
              data-testid="genie-input"
            />
            <Button type="submit" size="icon" disabled={draft.trim() === '' || pending || access.readOnly} aria-label="Send message" data-testid="genie-send">
              <Send aria-hidden="true" className="size-4" />
            </Button>
          </form>
        </section>
      ) : null}
      <Button
        ref={launcher}
        className="size-14 rounded-full shadow-lg"
        size="icon"
        onClick={() => (open ? close() : setOpen(true))}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? 'Close Genie' : 'Chat with Genie'}
        data-testid="genie-button"
      >
        {open ? <X aria-hidden="true" className="size-6" /> : <MessageCircle aria-hidden="true" className="size-6" />}
      </Button>
      </div>
    </>
  );
}
