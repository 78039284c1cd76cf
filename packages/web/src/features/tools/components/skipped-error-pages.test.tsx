import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SkippedErrorPages } from './skipped-error-pages';

describe('SkippedErrorPages', () => {
  it("names each error page a tool skipped, with its status and reason, under one count", () => {
    const html = renderToString(
      <SkippedErrorPages
        errorPages={[
          { url: 'https://tea.example.com/old', status: 404, reason: 'answered 404 Not Found' },
          { url: 'https://tea.example.com/gone', status: 200, reason: 'answered 200 OK but says "Page not found" (a soft 404)' },
        ]}
      />,
    ).replace(/<!-- -->/g, '');
    expect(html).toContain('Error pages skipped (2)');
    expect(html).toContain('these addresses answered an error');
    expect(html.match(/data-testid="error-page"/g)).toHaveLength(2);
    expect(html).toContain('404</span>');
    expect(html).toContain('https://tea.example.com/gone');
    expect(html).toContain('(a soft 404)');
  });

  it('says "this address" for one', () => {
    const html = renderToString(<SkippedErrorPages errorPages={[{ url: 'https://tea.example.com/x', status: 500, reason: 'answered 500' }]} />).replace(/<!-- -->/g, '');
    expect(html).toContain('Error pages skipped (1)');
    expect(html).toContain('this address answered');
  });

  it('shows nothing when the tool met no error page, or the result predates the list', () => {
    expect(renderToString(<SkippedErrorPages errorPages={[]} />)).toBe('');
    expect(renderToString(<SkippedErrorPages errorPages={undefined} />)).toBe('');
  });
});
