import { GENIE_HISTORY_MAX, GENIE_MESSAGES, GENIE_PROACTIVE_DELAY_MS, GENIE_PROACTIVE_PREFIX, type ChatMessage, type GenieContext } from '@citable/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { sendGenieMessage } from '../api/genie-api';

const bot = (content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({ type: 'bot', content, timestamp: new Date().toISOString(), ...extra });

const isProactive = (message: ChatMessage) => message.type === 'bot' && message.content.startsWith(GENIE_PROACTIVE_PREFIX);

/**
 * The turns sent with a message: the latest GENIE_HISTORY_MAX, plus the proactive suggestion when
 * it was given earlier than that, so the server still knows not to give it again (issue 19).
 */
export function historyToSend(messages: readonly ChatMessage[]): { type: ChatMessage['type']; content: string }[] {
  const turns = messages.slice(1);
  const recent = turns.slice(-GENIE_HISTORY_MAX);
  const earlier = turns.slice(0, -GENIE_HISTORY_MAX).find(isProactive);
  return [...(earlier && !recent.some(isProactive) ? [earlier] : []), ...recent].map(({ type, content }) => ({ type, content }));
}

/**
 * One conversation with Genie (spec 001 §4): the user's message, a loader, the reply with its
 * action suggestions, then the proactive suggestion 2 s later, once per conversation. Empty text
 * and a second message while waiting are not sent. Failures append the apology; a signed-out
 * dashboard gets the login message.
 */
export function useGenieChat(context: GenieContext) {
  const [messages, setMessages] = useState<ChatMessage[]>(() => [bot(GENIE_MESSAGES.greeting[context])]);
  const [pending, setPending] = useState(false);
  const [loggedOut, setLoggedOut] = useState(false);
  const timers = useRef<number[]>([]);
  const proactiveShown = useRef(false);
  const history = useRef(messages);
  history.current = messages;

  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);

  const send = useCallback(
    async (text: string) => {
      const message = text.trim();
      if (message === '' || pending) return false;
      const previous = historyToSend(history.current);
      setMessages((current) => [...current, { type: 'user', content: message, timestamp: new Date().toISOString() }]);
      setPending(true);
      try {
        const reply = await sendGenieMessage({ message, context, conversationHistory: previous });
        setMessages((current) => [...current, bot(reply.response, { actionSuggestions: reply.actionSuggestions, source: reply.source })]);
        // Once per conversation (issue 19): the server knows from the history; this guards an old server too.
        if (reply.proactiveSuggestions && !proactiveShown.current) {
          proactiveShown.current = true;
          const proactive = reply.proactiveSuggestions;
          timers.current.push(window.setTimeout(() => setMessages((current) => [...current, bot(proactive, { source: reply.source })]), GENIE_PROACTIVE_DELAY_MS));
        }
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 401 && context === 'dashboard') {
          setLoggedOut(true);
          setMessages((current) => [...current, bot(GENIE_MESSAGES.loggedOut)]);
        } else if (error instanceof ApiRequestError && (error.status === 429 || error.status === 400)) {
          setMessages((current) => [...current, bot(error.message)]);
        } else {
          setMessages((current) => [...current, bot(GENIE_MESSAGES.chatFailure)]);
        }
      } finally {
        setPending(false);
      }
      return true;
    },
    [context, pending],
  );

  return { messages, pending, loggedOut, send };
}
