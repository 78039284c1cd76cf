import type { Profile, ToolId } from '@citable/contract';
import { createElement, type ReactElement } from 'react';
import { ToolRunner } from './components/tool-runner';
export { isToolId, LockedTool } from './components/locked-tool';
import { ToolsSection } from './components/tools-section';
import { TOOL_SCREENS } from './screens';

/** What the dashboard composes: a section per tool, and the tools grid. */

/** The tools that have a run page here. */
export const TOOL_SECTION_IDS = Object.keys(TOOL_SCREENS) as ToolId[];

/** A dashboard section: it receives the signed-in user's profile. */
export type ProfileSection = ((props: { profile: Profile }) => ReactElement) & { displayName?: string };

/** The dashboard section of one tool. */
export function toolSection(id: ToolId): ProfileSection {
  const Section: ProfileSection = ({ profile }) => createElement(ToolRunner, { toolId: id, profile });
  Section.displayName = `ToolSection(${id})`;
  return Section;
}

/** The tools grid; `available` lists the tool sections the dashboard has, whoever built them. */
export function toolsGridSection(available: () => readonly string[]): ProfileSection {
  return function ToolsGridSection({ profile }: { profile: Profile }) {
    return createElement(ToolsSection, { profile, available: available() });
  };
}
