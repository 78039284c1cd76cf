import type { AdvancedSectionId, Profile, ToolId } from '@citable/contract';
import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import type { SessionUser } from '../../../hooks/use-session';

/**
 * `tools` is the tools grid (spec 001 §2), which lists the tool sections the plan allows;
 * `clients` is the agency's client list and roll-up (issue #11).
 */
export type SectionId = ToolId | AdvancedSectionId | 'tools' | 'clients';

export interface SectionProps {
  user: SessionUser;
  profile: Profile;
}

/** A built dashboard section: what renders when the sidebar selects its id. */
export interface SectionRegistration {
  icon: LucideIcon;
  component: ComponentType<SectionProps>;
}

export interface SidebarItem {
  id: SectionId;
  label: string;
  icon: LucideIcon;
  group: 'tools' | 'advanced' | 'workspace';
}
