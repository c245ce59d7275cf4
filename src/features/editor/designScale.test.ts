import { describe, expect, it } from 'vitest';
import { rescaleDesign, shownScale } from './designScale';

describe('an edit carried from the preview to the original', () => {
  it('scales by the ratio of the shown widths', () => {
    expect(shownScale({ width: 756, height: 567 }, { width: 804, height: 603 })).toBeCloseTo(
      804 / 756,
    );
    expect(shownScale({ width: 0, height: 0 }, { width: 804, height: 603 })).toBe(1);
  });

  it('moves and resizes the crop box, keeping its ratio settings', () => {
    const out = rescaleDesign(
      {
        crop: { x: 100, y: 50, width: 300, height: 200, ratio: 1.5, ratioTitleKey: 'custom' },
        annotations: {},
      },
      2,
    );
    expect(out.crop).toEqual({
      x: 200,
      y: 100,
      width: 600,
      height: 400,
      ratio: 1.5,
      ratioTitleKey: 'custom',
    });
  });

  it('leaves an untouched crop (no size yet) untouched', () => {
    const out = rescaleDesign(
      { crop: { x: 0, y: 0, width: null, height: null }, annotations: {} },
      2,
    );
    expect(out.crop).toEqual({ x: 0, y: 0, width: null, height: null });
  });

  it('scales every length of every annotation, points included, and nothing else', () => {
    const out = rescaleDesign(
      {
        crop: {},
        annotations: {
          t: {
            id: 't',
            name: 'Text',
            text: 'Hi',
            x: 10,
            y: 20,
            fontSize: 14,
            letterSpacing: 1,
            lineHeight: 1.2,
            fill: '#fff',
            opacity: 0.5,
            rotation: 30,
            scaleX: 1.5,
          },
          p: { id: 'p', name: 'Pen', points: [0, 0, 5, 10], strokeWidth: 3, tension: 0.5 },
          e: { id: 'e', name: 'Ellipse', x: 1, y: 2, radiusX: 4, radiusY: 6, shadowBlur: 2 },
        },
      },
      0.5,
    );
    expect(out.annotations.t).toEqual({
      id: 't',
      name: 'Text',
      text: 'Hi',
      x: 5,
      y: 10,
      fontSize: 7,
      letterSpacing: 0.5,
      lineHeight: 1.2,
      fill: '#fff',
      opacity: 0.5,
      rotation: 30,
      scaleX: 1.5,
    });
    expect(out.annotations.p).toEqual({
      id: 'p',
      name: 'Pen',
      points: [0, 0, 2.5, 5],
      strokeWidth: 1.5,
      tension: 0.5,
    });
    expect(out.annotations.e).toMatchObject({
      x: 0.5,
      y: 1,
      radiusX: 2,
      radiusY: 3,
      shadowBlur: 1,
    });
  });

  it('does not change what it was given', () => {
    const design = { crop: { x: 1 }, annotations: { a: { x: 1 } } };
    rescaleDesign(design, 3);
    expect(design).toEqual({ crop: { x: 1 }, annotations: { a: { x: 1 } } });
  });
});
