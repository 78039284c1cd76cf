import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_SOURCE, type ChatMessage } from '@citable/contract';
import { ChatMessageView } from './chat-message-view';

const reply: ChatMessage = {
  type: 'bot',
  content: 'The Schema Generator is the tool for that.',
  timestamp: '2026-11-22T15:00:00.000Z',
  actionSuggestions: [{ label: 'Open Schema Generator', type: 'launchTool', toolId: 'schema' }],
  source: BUILT_IN_SOURCE,
};

const render = (onLaunchTool?: () => void) =>
  renderToString(<RouterProvider router={createMemoryRouter([{ path: '/', element: <ul><ChatMessageView message={reply} onLaunchTool={onLaunchTool} /></ul> }])} />);

describe('ChatMessageView', () => {
  it('shows the reply, its source and a button per suggested tool in the dashboard', () => {
    const html = render(() => undefined);
    expect(html).toContain('Genie said:');
    // React separates the two text nodes with a comment in server output.
    // Issue 21: the built-in assistant says it is one, rather than naming an analysis.
    expect(html).toContain('Answered by the built-in assistant, without an AI model');
    expect(html).not.toContain(BUILT_IN_SOURCE);
    expect(html).toMatch(/<button[^>]*data-testid="genie-action-schema"/);
  });

  it('names the model that wrote a reply', () => {
    const html = renderToString(<RouterProvider router={createMemoryRouter([{ path: '/', element: <ul><ChatMessageView message={{ ...reply, source: 'gpt-4.1-mini' }} /></ul> }])} />);
    expect(html).toContain('Answered by gpt-4.1-mini');
  });

  it('links suggested tools to the dashboard section on the landing page', () => {
    expect(render()).toContain('href="/dashboard?section=schema"');
  });
});
