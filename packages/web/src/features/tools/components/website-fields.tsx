import type { Profile, ToolScope } from '@citable/contract';
import { useId } from 'react';
import { SelectField, TextField } from '../../../components/ui/field';
import { targetUrl } from '../lib/site-url';

/** The profile's websites; the first is chosen by default (spec 001 §2). */
export function WebsiteSelect({
  profile,
  value,
  onChange,
  label = 'Website',
  autoFocusInDialog = false,
}: {
  profile: Profile;
  value: string;
  onChange: (url: string) => void;
  label?: string;
  /** The field a dialog focuses when it opens (the Modal looks for data-autofocus). */
  autoFocusInDialog?: boolean;
}) {
  return (
    <SelectField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      data-testid="tool-website"
      data-autofocus={autoFocusInDialog ? '' : undefined}
      hint={profile.websites.length === 0 ? 'Add a website in Settings first.' : undefined}
    >
      {profile.websites.length === 0 ? <option value="">No website yet</option> : null}
      {profile.websites.map((site) => (
        <option key={site.url} value={site.url}>
          {site.name} ({site.url})
        </option>
      ))}
    </SelectField>
  );
}

/** Site or specific page (spec 001 §5): a page's path is appended to the website's address. */
export function ScopeFields({
  website,
  scope,
  path,
  onScope,
  onPath,
}: {
  website: string;
  scope: ToolScope;
  path: string;
  onScope: (scope: ToolScope) => void;
  onPath: (path: string) => void;
}) {
  const name = useId();
  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Scope</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {(['site', 'page'] as const).map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="radio" name={name} value={option} checked={scope === option} onChange={() => onScope(option)} className="size-4 accent-primary-600" />
              {option === 'site' ? 'Whole site (home page)' : 'Specific page'}
            </label>
          ))}
        </div>
      </fieldset>
      {scope === 'page' ? (
        <TextField
          label="Page path"
          placeholder="/pricing"
          value={path}
          onChange={(event) => onPath(event.target.value)}
          hint={website ? `Reads ${targetUrl(website, 'page', path)}` : 'Appended to the website address'}
          data-testid="tool-path"
        />
      ) : null}
    </div>
  );
}

/** A group of checkboxes over a fixed list of options. */
export function CheckboxGroup<T extends string>({
  legend,
  options,
  value,
  onChange,
  max,
  hint,
}: {
  legend: string;
  options: { value: T; label: string }[];
  value: T[];
  onChange: (value: T[]) => void;
  max?: number;
  hint?: string;
}) {
  const hintId = useId();
  const toggle = (option: T, checked: boolean) =>
    onChange(checked ? options.map((o) => o.value).filter((v) => v === option || value.includes(v)) : value.filter((v) => v !== option));
  return (
    <fieldset aria-describedby={hint ? hintId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => {
          const checked = value.includes(option.value);
          return (
            <label key={option.value} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={checked}
                disabled={!checked && max !== undefined && value.length >= max}
                onChange={(event) => toggle(option.value, event.target.checked)}
                className="size-4 accent-primary-600"
              />
              {option.label}
            </label>
          );
        })}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
