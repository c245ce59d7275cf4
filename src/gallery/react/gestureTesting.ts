/**
 * Synthetic DOM input for gesture tests (jsdom): pointer events with the fields @use-gesture
 * reads, at chosen time stamps. Not imported by app code.
 */

/** One pointer event as a test describes it: client CSS pixels, modifiers and a time stamp. */
export interface PointerInput {
  id: number;
  type: string;
  x: number;
  y: number;
  /** 0 main, 2 secondary (PointerEvent.button). */
  button: number;
  shift: boolean;
  /** Ctrl or Cmd. */
  mod: boolean;
  t: number;
}

/** jsdom has no pointer capture; @use-gesture's pinch asks for it. */
export function installPointerCapture(): void {
  const proto = Element.prototype as Partial<Element>;
  proto.setPointerCapture ??= () => undefined;
  proto.releasePointerCapture ??= () => undefined;
  proto.hasPointerCapture ??= () => false;
}

/** Sets an event's time stamp, which event constructors do not take. */
export function at<E extends Event>(event: E, t: number): E {
  Object.defineProperty(event, 'timeStamp', { value: t });
  return event;
}

/**
 * Presses, moves and releases pointers on `target` (inside the gesture's stage): moves of a
 * pressed pointer bubble to the window, where a drag without pointer capture listens.
 */
export function pointerDriver(stage: HTMLElement, target: HTMLElement) {
  const pressed = new Map<number, number>();
  const send = (type: string, p: PointerInput, buttons: number, on: Element = target) => {
    const event = new PointerEvent(type, {
      bubbles: type !== 'pointerleave',
      cancelable: true,
      pointerId: p.id,
      pointerType: p.type,
      clientX: p.x,
      clientY: p.y,
      button: type === 'pointermove' ? -1 : p.button,
      buttons,
      shiftKey: p.shift,
      ctrlKey: p.mod,
    });
    on.dispatchEvent(at(event, p.t));
    return event;
  };
  return {
    down(p: PointerInput) {
      const buttons = p.button === 2 ? 2 : 1;
      pressed.set(p.id, buttons);
      return send('pointerdown', p, buttons);
    },
    move(p: PointerInput) {
      return send('pointermove', p, pressed.get(p.id) ?? 0);
    },
    up(p: PointerInput) {
      pressed.delete(p.id);
      return send('pointerup', p, 0);
    },
    cancel(p: PointerInput) {
      pressed.delete(p.id);
      return send('pointercancel', p, 0);
    },
    /** The mouse left the stage. */
    leave(x = -1, y = -1) {
      const p = { id: 1, type: 'mouse', x, y, button: 0, shift: false, mod: false, t: 0 };
      return send('pointerleave', p, 0, stage);
    },
  };
}
