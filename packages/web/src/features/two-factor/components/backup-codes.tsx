import { Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';

/** The backup codes, shown once at enrolment: each signs in once when the authenticator is lost. */
export function BackupCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = `Citable backup codes (each works once)\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'citable-backup-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">Keep these backup codes somewhere safe. Each one signs you in once if you lose your authenticator. They are shown only now.</p>
      <ul className="grid grid-cols-2 gap-1 rounded-lg bg-slate-50 p-3 font-mono text-sm text-slate-800 ring-1 ring-slate-200" data-testid="two-factor-backup-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button size="sm" variant="outline" onClick={download}>
          <Download aria-hidden="true" className="size-4" />
          Download
        </Button>
      </div>
    </div>
  );
}
