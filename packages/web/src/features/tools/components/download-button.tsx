import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** Saves `text` as a file named `filename`, built in the browser from the result already shown. */
export function DownloadButton({ text, filename, label, testId }: { text: string; filename: string; label: string; testId?: string }) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Button variant="outline" size="sm" onClick={download} data-testid={testId}>
      <Download aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );
}
