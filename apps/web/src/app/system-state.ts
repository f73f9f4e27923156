import { navigate } from 'wouter/use-browser-location';
import type { SystemState } from '../lib/api-types';
import { DISCONNECT_PATH, handleFailure } from '../lib/error-handler';
import { describeFailure } from '../lib/errors';
import { api } from '../lib/trpc';
import { appState } from '../state/app-state';

/**
 * Loads the system state into the app state. When the server cannot be reached the app opens the
 * disconnect page; the state is loaded again once the user comes back from it.
 */
export async function loadSystemState(): Promise<SystemState | null> {
  try {
    const systemState = await api.system.state.query(undefined, { context: { quiet: true } });
    appState.set({ systemState });
    return systemState;
  } catch (error) {
    const failure = describeFailure(error, 'system.state');
    if (failure.kind === 'network') {
      if (window.location.pathname !== DISCONNECT_PATH) navigate(DISCONNECT_PATH);
    } else {
      handleFailure(failure);
    }
    return null;
  }
}
