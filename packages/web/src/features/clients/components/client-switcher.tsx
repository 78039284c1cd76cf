import { Building2, Check, ChevronDown } from 'lucide-react';
import { Select } from 'radix-ui';
import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { useScopedClients } from '../hooks/use-scope-guard';
import { OWN_ACCOUNT, switchAnnouncement, switcherOptions } from '../lib/switcher-options';

/**
 * The dashboard header's client switcher (issue #11): "My account" and the workspace's clients.
 * A Radix Select, so it is a labelled combobox operable with the keyboard (arrows, type-ahead,
 * Enter, Escape); the change is announced through a polite live region. Hidden without a workspace.
 */
export function ClientSwitcher() {
  const { workspaceId, clients, clientId, selectClient } = useScopedClients();
  const [announcement, setAnnouncement] = useState('');
  if (!workspaceId || !clients) return null;

  const options = switcherOptions(clients);
  const value = clientId && options.some((option) => option.value === clientId) ? clientId : OWN_ACCOUNT;
  const current = options.find((option) => option.value === value)?.label;

  const change = (next: string) => {
    selectClient(next === OWN_ACCOUNT ? null : next);
    setAnnouncement(switchAnnouncement(options.find((option) => option.value === next)));
  };

  return (
    <div className="flex min-w-0 items-center">
      <Select.Root value={value} onValueChange={change}>
        <Select.Trigger
          // The name says what is shown, not only what the control is (issue 33): "Client: Cedar Law".
          aria-label={`Client: ${current ?? 'My account'}`}
          data-testid="client-switcher"
          className="inline-flex h-9 max-w-44 min-w-0 items-center gap-2 rounded-lg border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-800 shadow-sm hover:border-slate-400 focus-visible:outline-3 focus-visible:outline-primary-600/40 sm:max-w-64"
        >
          <Building2 aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          <span className="min-w-0 truncate">
            {/* The label given here shows at once, without waiting for the list to mount. */}
            <Select.Value>{current}</Select.Value>
          </span>
          <Select.Icon className="ml-auto shrink-0">
            <ChevronDown aria-hidden="true" className="size-4 text-slate-500" />
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content position="popper" sideOffset={6} className="z-50 max-h-80 min-w-56 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg">
            <Select.Viewport className="p-1">
              {options.map((option, index) => (
                <div key={option.value}>
                  {index === 1 ? <Select.Separator className="my-1 h-px bg-slate-200" /> : null}
                  <Select.Item
                    value={option.value}
                    data-testid={`client-option-${option.value}`}
                    className={cn(
                      'relative flex cursor-default flex-col rounded-lg py-2 pr-3 pl-8 text-sm text-slate-800 outline-none select-none',
                      'data-[highlighted]:bg-primary-50 data-[highlighted]:text-primary-900',
                    )}
                  >
                    <Select.ItemIndicator className="absolute top-2.5 left-2">
                      <Check aria-hidden="true" className="size-4 text-primary-700" />
                    </Select.ItemIndicator>
                    <Select.ItemText>{option.label}</Select.ItemText>
                    {option.hint ? <span className="truncate text-xs text-slate-500">{option.hint}</span> : null}
                  </Select.Item>
                </div>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
      <span role="status" aria-live="polite" className="sr-only" data-testid="client-switcher-status">
        {announcement}
      </span>
    </div>
  );
}
