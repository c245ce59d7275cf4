import { describe, expect, it } from 'vitest';
import { MENU_UPWARD_PX } from '../../domain/constants';
import { placeMenu } from './menuPlacement';

const menu = { width: 200, height: 90 };
const bounds = { width: 1000, height: 700 };

describe('placeMenu', () => {
  it('opens downward at the pointer when there is room below', () => {
    expect(placeMenu({ x: 100, y: 300 }, menu, bounds, false)).toEqual({
      left: 100,
      top: 300,
      upward: false,
    });
  });

  it('opens upward when less than 100 px remain below (SPEC §9)', () => {
    expect(MENU_UPWARD_PX.desktop).toBe(100);
    // 101 px below: the 90 px menu fits, so it still opens downward.
    expect(placeMenu({ x: 100, y: 599 }, menu, bounds, false).upward).toBe(false);
    expect(placeMenu({ x: 100, y: 601 }, menu, bounds, false)).toEqual({
      left: 100,
      top: 601 - 90,
      upward: true,
    });
  });

  it('uses 200 px on mobile', () => {
    expect(MENU_UPWARD_PX.mobile).toBe(200);
    expect(placeMenu({ x: 10, y: 550 }, menu, bounds, true).upward).toBe(true);
    expect(placeMenu({ x: 10, y: 550 }, menu, bounds, false).upward).toBe(false);
  });

  it('opens upward when a tall menu does not fit below but fits better above', () => {
    const tall = { width: 200, height: 300 };
    expect(placeMenu({ x: 10, y: 500 }, tall, bounds, false)).toMatchObject({
      top: 200,
      upward: true,
    });
  });

  it('flips left at the right edge and stays inside the bounds', () => {
    expect(placeMenu({ x: 900, y: 100 }, menu, bounds, false).left).toBe(700);
    expect(
      placeMenu({ x: 150, y: 20 }, { width: 200, height: 600 }, { width: 300, height: 300 }, false),
    ).toEqual({ left: 0, top: 0, upward: false });
  });
});
