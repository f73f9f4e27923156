import { LIMITS } from '@takt/contracts';

export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart'] as const;

export interface IdleDetectorOptions {
  timeoutMs: number;
  /** Activity is handled at most once per this interval (1 s, limits). */
  throttleMs?: number;
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** No activity for `timeoutMs`: the session ends. */
  onIdle: () => void;
  /** Activity reset the timer (throttled). */
  onActivity?: () => void;
}

/**
 * Idle detection of states: after `timeoutMs` without mouse or key activity `onIdle` fires once and
 * the activity listeners are removed. Activity, throttled, restarts the timer and emits `onActivity`.
 */
export class IdleDetector {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastActivity = Number.NEGATIVE_INFINITY;
  private running = false;
  private readonly target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  private readonly throttleMs: number;

  constructor(private readonly options: IdleDetectorOptions) {
    this.target = options.target ?? window;
    this.throttleMs = options.throttleMs ?? LIMITS.idleActivityThrottleMs;
  }

  get active(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    for (const type of ACTIVITY_EVENTS) this.target.addEventListener(type, this.onEvent, { passive: true });
    this.restartTimer();
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    for (const type of ACTIVITY_EVENTS) this.target.removeEventListener(type, this.onEvent);
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Clears the idle state without emitting, e.g. when another tab saw activity. */
  reset(): void {
    if (this.running) this.restartTimer();
  }

  private restartTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(this.fire, this.options.timeoutMs);
  }

  private readonly fire = () => {
    this.stop();
    this.options.onIdle();
  };

  private readonly onEvent = () => {
    const now = Date.now();
    if (now - this.lastActivity < this.throttleMs) return;
    this.lastActivity = now;
    this.restartTimer();
    this.options.onActivity?.();
  };
}
