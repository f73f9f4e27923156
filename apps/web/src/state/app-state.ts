import { LIMITS } from '@takt/contracts';
import type { Language } from '@takt/i18n';
import { useEffect, useState } from 'react';
import type { SystemState } from '../lib/api-types';
import { createStore, useStore } from './store';

/** Forms whose visibility is app-level state (screens and routes "Start-up and app-level state"). */
export const FORM_FLAGS = [
  'checkout',
  'createNode',
  'createSpace',
  'versionUpload',
  'directoryUpload',
  'directoryUploadWithAssignment',
  'permissions',
  'projectPipeSettings',
] as const;
export type FormFlag = (typeof FORM_FLAGS)[number];

export interface DateInterval {
  from: Date;
  to: Date;
}

export interface AppState {
  height: number;
  /** Window width minus the fixed offset of 44 px. */
  width: number;
  settingsFormVisible: boolean;
  currInterval: DateInterval;
  activitySelectedDay: Date | null;
  language: Language;
  systemState: SystemState | null;
  darkTheme: boolean;
  forms: Record<FormFlag, boolean>;
}

/** The default date range: from one month ago at the start of the day to the end of today. */
export function defaultInterval(now: Date = new Date()): DateInterval {
  const from = new Date(now.getFullYear(), now.getMonth() - 1, now.getDate());
  const to = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59, 999);
  return { from, to };
}

export function viewportSize(): { height: number; width: number } {
  return { height: window.innerHeight, width: window.innerWidth - LIMITS.widthOffsetPx };
}

export const appState = createStore<AppState>({
  ...viewportSize(),
  settingsFormVisible: false,
  currInterval: defaultInterval(),
  activitySelectedDay: null,
  language: 'ru',
  systemState: null,
  darkTheme: false,
  forms: Object.fromEntries(FORM_FLAGS.map((flag) => [flag, false])) as Record<FormFlag, boolean>,
});

export function useAppState<S>(selector: (state: AppState) => S): S {
  return useStore(appState, selector);
}

/** Keeps height and width in step with the window. */
export function trackViewport(): () => void {
  const onResize = () => appState.set(viewportSize());
  window.addEventListener('resize', onResize);
  return () => window.removeEventListener('resize', onResize);
}

/** Opens or closes an app-level form (only one form of a flag is open at a time, wherever it is asked for). */
export function setFormVisible(flag: FormFlag, visible: boolean): void {
  appState.set((state) => ({ forms: { ...state.forms, [flag]: visible } }));
}

/** Whether an app-level form is open, and the way to open or close it. */
export function useFormFlag(flag: FormFlag): [boolean, (visible: boolean) => void] {
  const visible = useAppState((state) => state.forms[flag]);
  return [visible, (next) => setFormVisible(flag, next)];
}

/**
 * A dialog about one thing (a flow, a node…) whose visibility is an app-level flag: it shows only while the
 * flag is up, so opening the form of that kind elsewhere, or closing it from anywhere, closes this one
 * too. Opening with a target raises the flag, `null` lowers it; leaving the screen lowers it as well.
 */
export function useFormTarget<T>(flag: FormFlag): [T | null, (target: T | null) => void] {
  const visible = useAppState((state) => state.forms[flag]);
  const [target, setTarget] = useState<T | null>(null);
  useEffect(() => () => setFormVisible(flag, false), [flag]);
  const open = (next: T | null) => {
    setTarget(next);
    setFormVisible(flag, next !== null);
  };
  return [visible ? target : null, open];
}
