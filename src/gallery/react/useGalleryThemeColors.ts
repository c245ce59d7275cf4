import { useEffect, useState } from 'react';
import { Color } from 'three';
import type { GalleryEngine } from '../engine/GalleryEngine';
import { LIGHT_GALLERY_COLORS, type GalleryColors } from '../engine/render/colors';

/** The theme's CSS custom properties (src/app/theme.css) the canvas takes its colours from. */
const PROPERTIES: Record<keyof GalleryColors, string> = {
  background: '--gallery-background',
  placeholder: '--gallery-placeholder',
  loading: '--gallery-loading',
};

/** The canvas colours the page's theme asks for now; the light defaults where it names none. */
export function themeGalleryColors(root: Element = document.documentElement): GalleryColors {
  const style = getComputedStyle(root);
  const colors = { ...LIGHT_GALLERY_COLORS };
  for (const key of Object.keys(PROPERTIES) as (keyof GalleryColors)[]) {
    const value = style.getPropertyValue(PROPERTIES[key]).trim();
    if (value) colors[key] = new Color(value).getHex();
  }
  return colors;
}

/**
 * The theme's canvas colours, read again when the system switches between light and dark: the
 * engine draws its placeholder and loading tiles in them, and the caller clears the canvas with
 * `background` (GalleryCanvas's clearColor).
 */
export function useGalleryThemeColors(engine: GalleryEngine): GalleryColors {
  const [colors, setColors] = useState(themeGalleryColors);
  useEffect(() => {
    const scheme = window.matchMedia?.('(prefers-color-scheme: dark)');
    const update = () => setColors(themeGalleryColors());
    scheme?.addEventListener('change', update);
    return () => scheme?.removeEventListener('change', update);
  }, []);
  useEffect(() => {
    engine.composer.colors = colors;
    engine.invalidate();
  }, [engine, colors]);
  return colors;
}
