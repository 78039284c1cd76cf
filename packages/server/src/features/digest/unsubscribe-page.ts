const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The small page the e-mail's unsubscribe link opens; it needs no session and no script. */
export function unsubscribePage(options: { title: string; message: string; settingsUrl: string }): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(options.title)} - Citable</title></head>`,
    '<body style="font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc;margin:0;padding:64px 16px">',
    '<main style="max-width:480px;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:32px">',
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(options.title)}</h1>`,
    `<p style="color:#475569;line-height:1.5">${escapeHtml(options.message)}</p>`,
    `<p><a href="${escapeHtml(options.settingsUrl)}" style="color:#4338ca">Open Citable settings</a></p>`,
    '</main></body></html>',
  ].join('');
}
