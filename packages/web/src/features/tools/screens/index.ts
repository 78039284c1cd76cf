import type { ToolId } from '@citable/contract';
import type { ComponentType } from 'react';
import { AuditScreen } from './audit-screen';
import { CompetitiveScreen } from './competitive-screen';
import { DiscoveryScreen } from './discovery-screen';
import { EntitiesScreen } from './entities-screen';
import { PromptsScreen } from './prompts-screen';
import { SchemaScreen } from './schema-screen';
import { SummariesScreen } from './summaries-screen';
import { VoiceScreen } from './voice-screen';
import { GeneratorScreen } from '../../generator';
import { OptimizerScreen } from '../../optimizer';
import type { ToolScreenProps } from './screen-types';

/** The run page of each tool this feature builds. */
export const TOOL_SCREENS: Partial<Record<ToolId, ComponentType<ToolScreenProps>>> = {
  audit: AuditScreen,
  schema: SchemaScreen,
  voice: VoiceScreen,
  summaries: SummariesScreen,
  entities: EntitiesScreen,
  generator: GeneratorScreen,
  optimizer: OptimizerScreen,
  prompts: PromptsScreen,
  competitive: CompetitiveScreen,
  discovery: DiscoveryScreen,
};
