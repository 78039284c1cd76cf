import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * The otpauth URI as a QR code drawn here as SVG: the secret never leaves the browser for an
 * image service. One path of unit squares keeps the markup small.
 */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const { count, path } = useMemo(() => {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column)) d += `M${column + 4} ${row + 4}h1v1h-1z`;
      }
    }
    // Four modules of quiet zone on each side, as the standard asks.
    return { count: modules.size + 8, path: d };
  }, [value]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${count} ${count}`} width={size} height={size} shapeRendering="crispEdges" className="shrink-0 rounded-lg bg-white ring-1 ring-slate-200" data-testid="two-factor-qr">
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}
