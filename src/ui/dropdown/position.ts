export interface Rect {
  top: number;
  left: number;
  bottom: number;
  right: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface PositionOptions {
  /** Line the menu up with the trigger's start (left) or end (right) edge. Default 'start'. */
  align?: 'start' | 'end';
  /** Space between trigger and menu. Default 4. */
  gap?: number;
  /** Space kept free at the viewport edges. Default 8. */
  margin?: number;
}

export interface Position {
  top: number;
  left: number;
  placement: 'bottom' | 'top';
  /** Set when the menu fits neither below nor above and must scroll. */
  maxHeight?: number;
}

/**
 * Where to put a menu of `menu` size for a trigger at `trigger` (both in viewport coordinates):
 * below the trigger; above it when it does not fit below but does above (or there is more room
 * above); shifted left (then right) to stay inside the viewport.
 */
export function computePosition(
  trigger: Rect,
  menu: Size,
  viewport: Size,
  { align = 'start', gap = 4, margin = 8 }: PositionOptions = {},
): Position {
  const spaceBelow = viewport.height - trigger.bottom - gap - margin;
  const spaceAbove = trigger.top - gap - margin;

  let placement: Position['placement'] = 'bottom';
  let maxHeight: number | undefined;
  if (menu.height > spaceBelow) {
    if (menu.height <= spaceAbove) {
      placement = 'top';
    } else if (spaceAbove > spaceBelow) {
      placement = 'top';
      maxHeight = Math.max(0, spaceAbove);
    } else {
      maxHeight = Math.max(0, spaceBelow);
    }
  }

  const height = maxHeight === undefined ? menu.height : Math.min(menu.height, maxHeight);
  const top = placement === 'bottom' ? trigger.bottom + gap : trigger.top - gap - height;

  let left = align === 'end' ? trigger.right - menu.width : trigger.left;
  left = Math.min(left, viewport.width - margin - menu.width);
  left = Math.max(left, margin);

  const position: Position = { top: Math.round(top), left: Math.round(left), placement };
  if (maxHeight !== undefined) position.maxHeight = Math.floor(maxHeight);
  return position;
}
