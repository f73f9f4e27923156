import { MINUTES_PER_DAY, SCALE_PX_PER_DAY } from '@takt/gantt';
import { describe, expect, it } from 'vitest';
import { zoomPxPerMinute, zoomText } from './zoom';

describe('the zoom kept in the user’s view', () => {
  it('is pixels per day with four significant digits, read back as pixels per minute', () => {
    const text = zoomText({ start: 0, pxPerMinute: 13.3337 / MINUTES_PER_DAY });
    expect(text).toBe('13.33');
    expect(zoomPxPerMinute(text)! * MINUTES_PER_DAY).toBeCloseTo(13.33, 10);
  });

  it('reads a level’s name as that level, and nothing of other text', () => {
    expect(zoomPxPerMinute('week')! * MINUTES_PER_DAY).toBe(SCALE_PX_PER_DAY.week);
    expect(zoomPxPerMinute('fast')).toBeNull();
    expect(zoomPxPerMinute('-2')).toBeNull();
    expect(zoomPxPerMinute(undefined)).toBeNull();
  });
});
