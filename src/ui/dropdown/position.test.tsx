import { describe, expect, it } from 'vitest';
import { computePosition, type Rect } from './position';

function rect(left: number, top: number, width: number, height: number): Rect {
  return { left, top, width, height, right: left + width, bottom: top + height };
}

const viewport = { width: 400, height: 800 };

describe('computePosition', () => {
  it('places the menu below the trigger, aligned to its start edge', () => {
    expect(computePosition(rect(20, 50, 40, 40), { width: 200, height: 150 }, viewport)).toEqual({
      top: 94,
      left: 20,
      placement: 'bottom',
    });
  });

  it('aligns to the end edge when asked', () => {
    const pos = computePosition(rect(300, 50, 40, 40), { width: 200, height: 150 }, viewport, { align: 'end' });
    expect(pos.left).toBe(140);
  });

  it('flips above when it does not fit below but fits above', () => {
    const pos = computePosition(rect(20, 700, 40, 40), { width: 200, height: 150 }, viewport);
    expect(pos).toEqual({ top: 700 - 4 - 150, left: 20, placement: 'top' });
  });

  it('shifts left to stay inside the viewport', () => {
    const pos = computePosition(rect(350, 50, 40, 40), { width: 200, height: 150 }, viewport);
    expect(pos.left).toBe(400 - 8 - 200);
  });

  it('never goes past the left margin, even when wider than the viewport', () => {
    expect(computePosition(rect(5, 50, 40, 40), { width: 500, height: 100 }, viewport).left).toBe(8);
    expect(computePosition(rect(200, 50, 40, 40), { width: 300, height: 100 }, viewport, { align: 'end' }).left).toBe(8);
  });

  it('limits the height on the roomier side when it fits neither way', () => {
    const below = computePosition(rect(20, 200, 40, 40), { width: 200, height: 1000 }, viewport);
    expect(below).toEqual({ top: 244, left: 20, placement: 'bottom', maxHeight: 800 - 240 - 4 - 8 });
    const above = computePosition(rect(20, 600, 40, 40), { width: 200, height: 1000 }, viewport);
    expect(above.placement).toBe('top');
    expect(above.maxHeight).toBe(600 - 4 - 8);
    expect(above.top).toBe(8);
  });

  it('honours custom gap and margin', () => {
    const pos = computePosition(rect(0, 10, 40, 40), { width: 100, height: 50 }, viewport, { gap: 0, margin: 16 });
    expect(pos).toEqual({ top: 50, left: 16, placement: 'bottom' });
  });
});
