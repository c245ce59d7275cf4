import { useEffect, useRef, useState } from 'react';

/**
 * A text field mirrored to a URL parameter: the text is the field's own state, written to the
 * URL (`write`) once typing pauses for `delayMs` (a navigation per keystroke would re-render the
 * route tree each time). A change of the URL's value that this hook did not write (Back, Forward,
 * a link) brings its text into the field. The hook's own write coming back does not: by the time
 * the router commits it the user may have typed on, and taking it would undo those keystrokes
 * (the album search lost a Backspace so on a loaded machine).
 */
export function useUrlText(
  urlValue: string,
  write: (value: string) => void,
  delayMs: number,
): [string, (value: string) => void] {
  const [text, setText] = useState(urlValue);
  const written = useRef(urlValue);

  useEffect(() => {
    if (urlValue === written.current) return;
    written.current = urlValue;
    setText(urlValue);
  }, [urlValue]);

  useEffect(() => {
    if (text === written.current) return undefined;
    const timer = setTimeout(() => {
      written.current = text;
      write(text);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, write, delayMs]);

  return [text, setText];
}
