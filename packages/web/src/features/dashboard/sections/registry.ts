import { ADVANCED_SECTION_IDS, TOOL_IDS, TOOLS, type AdvancedSectionId } from '@citable/contract';
import { BarChart3, Building2, BookOpenCheck, Braces, Palette, Plug, History, FileBarChart, FileSearch, FileText, LayoutDashboard, LayoutGrid, MessagesSquare, Mic, PenLine, Quote, Radar, Sparkles, Swords, Tags, WandSparkles } from 'lucide-react';
import { toolSection, toolsGridSection } from '../../tools';
import { lazy } from 'react';
import { CitationsSection } from '../../citations';
import { WhiteLabelSection } from '../../white-label';
import { ClientsSection } from '../../clients';
import { OverviewSection } from '../components/overview-section';
import type { SectionId, SectionRegistration, SidebarItem } from './section-types';

// Areas only some users open load when first opened (dashboard-page.tsx shows a spinner until
// then): their charts (recharts), the editor's live analysis (the engine) and the rest stay out
// of the script every dashboard visit loads.
const ReportsSection = lazy(() => import('../../reports').then((module) => ({ default: module.ReportsSection })));
const EditorSection = lazy(() => import('../../editor').then((module) => ({ default: module.EditorSection })));
const PlaybooksSection = lazy(() => import('../../playbooks').then((module) => ({ default: module.PlaybooksSection })));
const HistorySection = lazy(() => import('../../history').then((module) => ({ default: module.HistorySection })));
const CompetitiveSection = lazy(() => import('../../competitive-viz').then((module) => ({ default: module.CompetitiveSection })));
const CmsSection = lazy(() => import('../../cms').then((module) => ({ default: module.CmsSection })));

/**
 * The sections that exist. The sidebar lists only these, in the contract's order, so a new
 * tool or area appears by registering its component here.
 */
const BUILT_SECTIONS: Partial<Record<SectionId, SectionRegistration>> = {
  overview: { icon: LayoutDashboard, component: OverviewSection },
  citations: { icon: Quote, component: CitationsSection },
  reports: { icon: FileBarChart, component: ReportsSection },
  editor: { icon: PenLine, component: EditorSection },
  playbooks: { icon: BookOpenCheck, component: PlaybooksSection },
  history: { icon: History, component: HistorySection },
  'competitive-viz': { icon: BarChart3, component: CompetitiveSection },
  integrations: { icon: Plug, component: CmsSection },
  'white-label': { icon: Palette, component: WhiteLabelSection },
  clients: { icon: Building2, component: ClientsSection },
  tools: { icon: LayoutGrid, component: toolsGridSection(() => Object.keys(BUILT_SECTIONS)) },
  audit: { icon: FileSearch, component: toolSection('audit') },
  schema: { icon: Braces, component: toolSection('schema') },
  voice: { icon: Mic, component: toolSection('voice') },
  summaries: { icon: FileText, component: toolSection('summaries') },
  entities: { icon: Tags, component: toolSection('entities') },
  generator: { icon: Sparkles, component: toolSection('generator') },
  optimizer: { icon: WandSparkles, component: toolSection('optimizer') },
  prompts: { icon: MessagesSquare, component: toolSection('prompts') },
  competitive: { icon: Swords, component: toolSection('competitive') },
  discovery: { icon: Radar, component: toolSection('discovery') },
};

/** Sidebar names of the advanced areas (spec 001 §2). */
const ADVANCED_LABELS: Record<AdvancedSectionId, string> = {
  playbooks: 'Playbooks',
  history: 'History',
  editor: 'Content Editor',
  reports: 'Reports',
  'competitive-viz': 'Competitive Insights',
  integrations: 'CMS Integrations',
  'white-label': 'White-label',
};

export const DEFAULT_SECTION: SectionId = 'overview';

export function sidebarItems(): SidebarItem[] {
  const tools: SidebarItem[] = TOOL_IDS.flatMap((id) => {
    const built = BUILT_SECTIONS[id];
    return built ? [{ id, label: TOOLS[id].name, icon: built.icon, group: 'tools' as const }] : [];
  });
  // The grid follows the overview, before the tools it lists.
  const grid = BUILT_SECTIONS.tools;
  if (grid) tools.splice(tools[0]?.id === 'overview' ? 1 : 0, 0, { id: 'tools', label: 'All Tools', icon: grid.icon, group: 'tools' });
  const advanced = ADVANCED_SECTION_IDS.flatMap((id) => {
    const built = BUILT_SECTIONS[id];
    return built ? [{ id, label: ADVANCED_LABELS[id], icon: built.icon, group: 'advanced' as const }] : [];
  });
  const clients = BUILT_SECTIONS.clients;
  const workspace: SidebarItem[] = clients ? [{ id: 'clients', label: 'Clients', icon: clients.icon, group: 'workspace' }] : [];
  return [...tools, ...advanced, ...workspace];
}

export function sectionFor(id: string | null): { id: SectionId; registration: SectionRegistration } | null {
  if (!id) return null;
  const registration = BUILT_SECTIONS[id as SectionId];
  return registration ? { id: id as SectionId, registration } : null;
}
