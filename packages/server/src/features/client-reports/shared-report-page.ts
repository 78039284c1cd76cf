const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export type ShareProblem = 'unknown' | 'revoked' | 'expired';

const PAGES: Record<ShareProblem, { status: 404 | 410; title: string; message: string }> = {
  unknown: { status: 404, title: 'Report not found', message: 'This report link is not valid. Check that you copied the whole link, or ask the sender for a new one.' },
  revoked: { status: 410, title: 'This link was turned off', message: 'The sender has turned this report link off. Ask them for a new one if you still need the report.' },
  expired: { status: 410, title: 'This link has expired', message: 'Report links work for a limited time and this one has run out. Ask the sender for a new link.' },
};

/** The small page a shared-report link shows when it cannot serve the report; no script, no session. */
export function shareProblemPage(problem: ShareProblem, homeUrl: string): { status: 404 | 410; html: string } {
  const page = PAGES[problem];
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<title>${escapeHtml(page.title)} - Citable</title></head>`,
    '<body style="font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc;margin:0;padding:64px 16px">',
    '<main style="max-width:480px;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:32px">',
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(page.title)}</h1>`,
    `<p style="color:#475569;line-height:1.5">${escapeHtml(page.message)}</p>`,
    `<p><a href="${escapeHtml(homeUrl)}" style="color:#4338ca">Go to Citable</a></p>`,
    '</main></body></html>',
  ].join('');
  return { status: page.status, html };
}
