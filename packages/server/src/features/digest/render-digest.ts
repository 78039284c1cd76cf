import type { Digest } from '@citable/contract';
import type { MailMessage } from '../../mail/mailer';
import { digestLink } from './build-digest';

export interface DigestRecipient {
  email: string;
  name: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const signed = (change: number) => (change > 0 ? `+${change}` : String(change));
const points = (value: number) => `${value} point${value === 1 ? '' : 's'}`;

function scoreLine(change: Digest['scoreChanges'][number]): string {
  if (change.change === null) return `${change.site}: ${change.to} (first audit)`;
  if (change.change === 0) return `${change.site}: ${change.to} (unchanged)`;
  return `${change.site}: ${change.from} -> ${change.to} (${signed(change.change)})`;
}

function citationLine(citations: Digest['citations']): string {
  const runs = `${citations.runs} citation check${citations.runs === 1 ? '' : 's'}`;
  return `${runs} found your site in ${citations.mentions} of ${citations.samples} answers.`;
}

interface Part {
  heading: string;
  lines: string[];
  link: { label: string; url: string };
}

function parts(digest: Digest, publicUrl: string): Part[] {
  const list: Part[] = [];
  if (digest.scoreChanges.length > 0) {
    list.push({ heading: 'Your scores this week', lines: digest.scoreChanges.map(scoreLine), link: { label: 'See the history', url: digestLink(publicUrl, 'history') } });
  }
  if (digest.alerts.length > 0) {
    list.push({ heading: 'New alerts', lines: digest.alerts.map((alert) => `${alert.title}: ${alert.message}`), link: { label: 'Open your dashboard', url: digestLink(publicUrl, 'overview') } });
  }
  if (digest.citations.runs > 0) {
    list.push({ heading: 'Citations found', lines: [citationLine(digest.citations)], link: { label: 'See your citations', url: digestLink(publicUrl, 'citations') } });
  }
  if (digest.topFixes.length > 0) {
    list.push({
      heading: 'Fixes worth the most points',
      lines: digest.topFixes.map((fix, index) => `${index + 1}. ${fix.title} (${points(fix.pointsLost)}): ${fix.suggestion}`),
      link: { label: 'Fix them in your audit', url: digestLink(publicUrl, 'audit') },
    });
  }
  return list;
}

/** The weekly suggestions e-mail, plain text and HTML, with the unsubscribe link in both. */
export function renderDigest(digest: Digest, recipient: DigestRecipient, publicUrl: string, unsubscribeUrl: string): MailMessage {
  const sections = parts(digest, publicUrl);
  const settingsUrl = digestLink(publicUrl, 'settings');
  const text = [
    `Hello ${recipient.name},`,
    'Here is your week in AI visibility.',
    ...sections.map((part) => [part.heading, ...part.lines.map((line) => `- ${line}`), `${part.link.label}: ${part.link.url}`].join('\n')),
    `You receive this weekly summary with your Citable plan. Unsubscribe: ${unsubscribeUrl}\nTurn it back on any time in Settings: ${settingsUrl}`,
  ].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;max-width:600px;margin:0 auto;padding:24px">',
    `<p>Hello ${escapeHtml(recipient.name)},</p><p>Here is your week in AI visibility.</p>`,
    ...sections.map(
      (part) =>
        `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(part.heading)}</h2><ul style="padding-left:20px;margin:0">${part.lines
          .map((line) => `<li style="margin:4px 0">${escapeHtml(line)}</li>`)
          .join('')}</ul><p><a href="${escapeHtml(part.link.url)}" style="color:#4338ca">${escapeHtml(part.link.label)}</a></p>`,
    ),
    `<p style="font-size:12px;color:#64748b;margin-top:32px">You receive this weekly summary with your Citable plan. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#64748b">Unsubscribe</a>. Turn it back on any time in <a href="${escapeHtml(settingsUrl)}" style="color:#64748b">Settings</a>.</p>`,
    '</body></html>',
  ].join('');
  return { to: recipient.email, subject: 'Your weekly Citable suggestions', text, html };
}
