import type { useBimCommands } from './useBimCommands';
import type { useBimData } from './useBimData';
import type { useBimSelection } from './useBimSelection';

/**
 * What the 4D screen's toolbar and side panel both work with: the screen's data, the viewer's
 * selection, the link commands, whether the user may edit, and how the view state is saved.
 */
export interface BimScreen {
  data: ReturnType<typeof useBimData>;
  view: ReturnType<typeof useBimSelection>;
  commands: ReturnType<typeof useBimCommands>;
  editable: boolean;
  persist: (patch: Record<string, unknown>) => void;
}
