import type { WorkspaceClient } from '@citable/contract';

/** Radix Select needs a non-empty value for the own-account entry. */
export const OWN_ACCOUNT = 'own-account';
export const OWN_ACCOUNT_LABEL = 'My account';

export interface SwitcherOption {
  value: string;
  label: string;
  hint: string | null;
}

/** "My account" first, then the clients by name, each with its main site as a hint. */
export function switcherOptions(clients: readonly WorkspaceClient[]): SwitcherOption[] {
  const sorted = [...clients].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
  return [{ value: OWN_ACCOUNT, label: OWN_ACCOUNT_LABEL, hint: null }, ...sorted.map((client) => ({ value: client.id, label: client.name, hint: client.primaryUrl }))];
}

/** What the switcher's live region says after a change. */
export function switchAnnouncement(option: SwitcherOption | undefined): string {
  if (!option || option.value === OWN_ACCOUNT) return 'Now showing your own account.';
  return `Now showing ${option.label}.`;
}
