import type { ContentFormat } from '@citable/contract';

/** Guesses the format of pasted content: HTML tags first, then Markdown syntax, else text. */
export function detectFormat(text: string): ContentFormat {
  const head = text.slice(0, 5000);
  if (/<!doctype html|<html[\s>]|<body[\s>]|<head[\s>]/i.test(head)) return 'html';
  const tags = head.match(/<\/?(?:p|div|h[1-6]|article|section|ul|ol|li|a|span|table|meta|title|main|img|br)\b[^>]*>/gi);
  if (tags && tags.length >= 2) return 'html';
  if (/^#{1,6}\s+\S/m.test(head) || /\[[^\]]+\]\([^)]+\)/.test(head) || /^```/m.test(head) || /^\s*[-*+]\s+\S[\s\S]*\n\s*[-*+]\s+\S/m.test(head) || /^>\s/m.test(head) || /\*\*[^*]+\*\*/.test(head)) {
    return 'markdown';
  }
  return 'text';
}
