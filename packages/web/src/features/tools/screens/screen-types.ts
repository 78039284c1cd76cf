import type { Profile } from '@citable/contract';
import type { ToolCompletion } from '../hooks/use-tool-run';

export interface ToolScreenProps {
  profile: Profile;
  onComplete?: ToolCompletion;
}
