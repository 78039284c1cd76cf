import { describe, expect, it } from 'vitest';
import { GENIE_HISTORY_MAX, GENIE_PROACTIVE_PREFIX, type ChatMessage } from '@citable/contract';
import { historyToSend } from './use-genie-chat';

const message = (type: ChatMessage['type'], content: string): ChatMessage => ({ type, content, timestamp: '2026-11-26T10:00:00.000Z' });

describe('historyToSend', () => {
  const greeting = message('bot', 'Hi, I am Genie.');
  const proactive = message('bot', `${GENIE_PROACTIVE_PREFIX} your latest audit scored 38 for Conversational Readiness.`);

  it('sends the latest turns without the greeting', () => {
    const turns = [greeting, message('user', 'schema markup'), message('bot', 'The Schema Generator is the tool for that.')];
    expect(historyToSend(turns)).toEqual([
      { type: 'user', content: 'schema markup' },
      { type: 'bot', content: 'The Schema Generator is the tool for that.' },
    ]);
  });

  it('keeps an earlier proactive suggestion, so the server does not give it twice in one conversation (issue 19)', () => {
    const chatter = Array.from({ length: GENIE_HISTORY_MAX + 4 }, (_, index) => message(index % 2 ? 'bot' : 'user', `turn ${index}`));
    const sent = historyToSend([greeting, message('user', 'hello'), proactive, ...chatter]);
    expect(sent).toHaveLength(GENIE_HISTORY_MAX + 1);
    expect(sent[0]).toEqual({ type: 'bot', content: proactive.content });
    expect(sent.slice(1)).toEqual(chatter.slice(-GENIE_HISTORY_MAX).map(({ type, content }) => ({ type, content })));
  });
});
