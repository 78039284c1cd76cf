export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="h-2 rounded-full bg-slate-100" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={label}>
      <div className="h-2 rounded-full bg-primary-600 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
