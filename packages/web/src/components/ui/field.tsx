import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const CONTROL =
  'block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-primary-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-primary-600/40 disabled:bg-slate-100 disabled:text-slate-500 read-only:bg-slate-50';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  hideLabel?: boolean;
  children: ReactNode;
}

/** Label, control, hint and error, with the hint and error tied to the control by id. */
function FieldShell({ id, label, hint, error, className, hideLabel, children }: FieldShellProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className={cn('block text-sm font-medium text-slate-800', hideLabel && 'sr-only')}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

interface CommonProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  containerClassName?: string;
  hideLabel?: boolean;
}

export type TextFieldProps = CommonProps & InputHTMLAttributes<HTMLInputElement>;

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, hint, error, containerClassName, hideLabel, id, className, ...props }, ref) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error} className={containerClassName} hideLabel={hideLabel}>
      <input
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        className={cn(CONTROL, error ? 'border-red-600' : 'border-slate-300', className)}
        {...props}
      />
    </FieldShell>
  );
});

export type SelectFieldProps = CommonProps & SelectHTMLAttributes<HTMLSelectElement>;

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField({ label, hint, error, containerClassName, hideLabel, id, className, children, ...props }, ref) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error} className={containerClassName} hideLabel={hideLabel}>
      <select
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        className={cn(CONTROL, 'pr-8', error ? 'border-red-600' : 'border-slate-300', className)}
        {...props}
      >
        {children}
      </select>
    </FieldShell>
  );
});

export type TextAreaFieldProps = CommonProps & TextareaHTMLAttributes<HTMLTextAreaElement>;

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField({ label, hint, error, containerClassName, hideLabel, id, className, ...props }, ref) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error} className={containerClassName} hideLabel={hideLabel}>
      <textarea
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        className={cn(CONTROL, error ? 'border-red-600' : 'border-slate-300', className)}
        {...props}
      />
    </FieldShell>
  );
});
