/**
 * Coalesces redraw requests into at most one frame per animation frame: frames are drawn on demand,
 * never by a free-running ticker. Which layers are dirty is collected until the frame runs.
 */
export type FrameLayer = 'static' | 'interaction';

export interface FrameClock {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

export const animationFrameClock: FrameClock = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

export class FrameScheduler {
  private handle: number | null = null;
  private readonly dirty = new Set<FrameLayer>();

  constructor(
    private readonly draw: (layers: ReadonlySet<FrameLayer>) => void,
    private readonly clock: FrameClock = animationFrameClock,
  ) {}

  /** Marks a layer dirty and makes sure one frame is pending. */
  invalidate(layer: FrameLayer): void {
    this.dirty.add(layer);
    if (this.handle !== null) return;
    this.handle = this.clock.request(() => this.flush());
  }

  /** Draws now if anything is dirty (tests, print preview snapshots). */
  flush(): void {
    if (this.handle !== null) this.clock.cancel(this.handle);
    this.handle = null;
    if (this.dirty.size === 0) return;
    const layers = new Set(this.dirty);
    this.dirty.clear();
    this.draw(layers);
  }

  get pending(): boolean {
    return this.handle !== null;
  }

  dispose(): void {
    if (this.handle !== null) this.clock.cancel(this.handle);
    this.handle = null;
    this.dirty.clear();
  }
}
