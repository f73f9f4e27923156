declare module 'async-exit-hook' {
  /** The parts of async-exit-hook's API Takt uses. */
  interface ExitHook {
    (hook: (done?: () => void) => void): void;
    unhookEvent(event: string): void;
    hookedEvents(): string[];
  }
  const exitHook: ExitHook;
  export default exitHook;
}
