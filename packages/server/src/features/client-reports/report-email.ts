import type { ReportDocument } from '@citable/contract';
import type { MailAttachment, MailMessage } from '../../mail/mailer';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const HEX = /^#[0-9a-f]{6}$/i;

export interface ReportEmailInput {
  to: string;
  clientName: string;
  cadence: 'weekly' | 'monthly';
  document: ReportDocument;
  shareUrl: string;
  shareExpiresAt: Date;
  format: 'pdf' | 'html';
  /** The PDF itself, when the report is one and small enough to mail. */
  attachment?: MailAttachment;
}

/**
 * The scheduled report e-mail, in the client's white-label branding: the agency's company name
 * as sender line and heading, its primary colour, its footer. The report itself is behind the
 * read-only share link; the summary lines are the report's own.
 */
export function renderReportEmail(input: ReportEmailInput): MailMessage {
  const { document, clientName } = input;
  const brand = document.branding.companyName ?? 'Citable';
  const colour = HEX.test(document.branding.colors.primary) ? document.branding.colors.primary : '#4338ca';
  const period = input.cadence === 'weekly' ? 'weekly' : 'monthly';
  const until = input.shareExpiresAt.toISOString().slice(0, 10);
  const score = document.site.latest ? `${document.site.latest.overallScore}/100` : null;
  const subject = `${clientName}: your ${period} AI visibility report from ${brand}`;
  const intro = `Here is the ${period} AI visibility report for ${clientName} (${document.site.url}), prepared by ${brand}.`;
  const linkLine = `${input.attachment ? 'The report is attached. You can also open it' : `Open the ${input.format.toUpperCase()} report`} (the link works until ${until}):`;
  const text = [
    'Hello,',
    intro,
    ...(score ? [`Overall score: ${score}`] : []),
    document.summary.map((line) => `- ${line}`).join('\n'),
    `${linkLine}\n${input.shareUrl}`,
    ...(document.branding.footerText ? [document.branding.footerText] : []),
    `${brand}`,
  ].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;max-width:600px;margin:0 auto;padding:24px">',
    `<h1 style="font-size:20px;margin:0 0 16px;color:${colour}">${escapeHtml(brand)}</h1>`,
    `<p>Hello,</p><p>${escapeHtml(intro)}</p>`,
    score ? `<p style="font-size:18px"><strong>Overall score: ${escapeHtml(score)}</strong></p>` : '',
    `<ul style="padding-left:20px">${document.summary.map((line) => `<li style="margin:4px 0">${escapeHtml(line)}</li>`).join('')}</ul>`,
    `<p><a href="${escapeHtml(input.shareUrl)}" style="display:inline-block;background:${colour};color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">Open the report</a></p>`,
    `<p style="font-size:12px;color:#64748b">${input.attachment ? 'The report is also attached. ' : ''}The link works until ${escapeHtml(until)}.</p>`,
    document.branding.footerText ? `<p style="font-size:12px;color:#64748b;margin-top:32px">${escapeHtml(document.branding.footerText)}</p>` : '',
    '</body></html>',
  ].join('');
  return { to: input.to, subject, text, html, ...(input.attachment ? { attachments: [input.attachment] } : {}) };
}
