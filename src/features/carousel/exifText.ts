/** Camera values as photographers read them (issue 12 info panel); numbers in the UI locale. */
export function exposureText(seconds: number, format: (n: number) => string): string {
  if (seconds <= 0) return '';
  if (seconds >= 1) return `${format(seconds)} s`;
  return `1/${Math.round(1 / seconds)} s`;
}

export function apertureText(fNumber: number, format: (n: number) => string): string {
  return `ƒ/${format(fNumber)}`;
}

export function focalLengthText(mm: number, format: (n: number) => string): string {
  return `${format(mm)} mm`;
}
