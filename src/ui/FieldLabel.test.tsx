// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FieldLabel } from './FieldLabel';

afterEach(cleanup);

describe('FieldLabel (SPEC §5 "Required fields show an asterisk")', () => {
  it('a required field shows the asterisk, hidden from assistive tech (the input says it)', () => {
    render(
      <>
        <FieldLabel htmlFor="n" required>
          Name
        </FieldLabel>
        <input id="n" aria-required="true" />
      </>,
    );
    const mark = screen.getByTestId('required-mark');
    expect(mark.textContent).toBe('*');
    expect(mark.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByLabelText(/^Name/).getAttribute('aria-required')).toBe('true');
  });

  it('an optional field shows none', () => {
    render(<FieldLabel htmlFor="m">Message</FieldLabel>);
    expect(screen.queryByTestId('required-mark')).toBeNull();
  });
});
