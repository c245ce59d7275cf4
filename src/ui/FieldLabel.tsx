import type { ReactNode } from 'react';
import './FieldLabel.css';

/**
 * A form field's label; a required field's shows an asterisk (SPEC §5). The asterisk is hidden
 * from assistive tech: the input says it with its own `required` (or `aria-required`).
 */
export function FieldLabel({
  htmlFor,
  required = false,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor}>
      {children}
      {required ? (
        <span className="ui-field-label__required" aria-hidden="true" data-testid="required-mark">
          *
        </span>
      ) : null}
    </label>
  );
}
