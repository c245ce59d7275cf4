import { setConsoleFunction } from 'three';

/**
 * The one three.js message the gallery silences. @react-three/fiber 9.8.2 (the latest 9.x)
 * creates a `THREE.Clock` in every root's store, and three r183+ deprecates Clock with this
 * warning on construction; no root option avoids it and the gallery never reads that clock (its
 * frames come from the FrameClock). Remove this filter with R3F 10, whose store uses THREE.Timer.
 */
export const R3F_CLOCK_DEPRECATION =
  'Clock: This module has been deprecated. Please use THREE.Timer instead.';

type ConsoleMethod = 'log' | 'warn' | 'error';
type Forward = (method: ConsoleMethod, message: string, ...rest: unknown[]) => void;

const toConsole: Forward = (method, message, ...rest) => console[method](message, ...rest);

/** three.js's console function: everything but the known R3F deprecation goes to `forward`. */
export function threeConsoleFilter(forward: Forward = toConsole): Forward {
  return (method, message, ...rest) => {
    if (method === 'warn' && message === `THREE.${R3F_CLOCK_DEPRECATION}`) return;
    forward(method, message, ...rest);
  };
}

let installed = false;

/** Installs the filter once, before the first R3F root is created. */
export function installThreeConsoleFilter(): void {
  if (installed) return;
  installed = true;
  setConsoleFunction(threeConsoleFilter());
}
