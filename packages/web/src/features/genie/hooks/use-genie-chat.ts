import { GENIE_HISTORY_MAX, GENIE_MESSAGES, GENIE_PROACTIVE_DELAY_MS, type ChatMessage, type GenieContext } from '@citable/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { sendGenieMessage } from '../api/genie-api';

const bot = (content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({ type: 'bot', content, timestamp: new Date().toISOString(), ...extra });

/**
 * One conversation with Genie (spec 001 §4): the user's message, a loader, the reply with its
 * action suggestions, then the proactive suggestion 2 s later. Empty text and a second message
 * while waiting are not sent. Failures append the apology; a signed-out dashboard gets the login message.
 */
export function useGenieChat(context: GenieContext) {
  const [messages, setMessages] = useState<ChatMessage[]>(() => [bot(GENIE_MESSAGES.greeting[context])]);
  const [pending, setPending] = useState(false);
  const [loggedOut, setLoggedOut] = useState(false);
  const timers = useRef<number[]>([]);
  const history = useRef(messages);
  history.current = messages;

  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);

  const send = useCallback(
    async (text: string) => {
      const message = text.trim();
      if (message === '' || pending) return false;
      const previous = history.current.slice(1).slice(-GENIE_HISTORY_MAX).map(({ type, content }) => ({ type, content }));
      setMessages((current) => [...current, { type: 'user', content: message, timestamp: new Date().toISOString() }]);
      setPending(true);
      try {
        const reply = await sendGenieMessage({ message, context, conversationHistory: previous });
        setMessages((current) => [...current, bot(reply.response, { actionSuggestions: reply.actionSuggestions, source: reply.source })]);
        if (reply.proactiveSuggestions) {
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
