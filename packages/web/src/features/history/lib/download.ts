import { EXPORT_MESSAGES } from '@citable/contract';

/** Saves text as a file through a temporary object URL, released shortly after the click (spec 002 §9). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), EXPORT_MESSAGES.revokeAfterMs);
}
