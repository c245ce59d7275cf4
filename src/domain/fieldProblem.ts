/**
 * SPEC §5 "Generic: "Field is required" (mandatory) and "Value is invalid". Required fields show
 * an asterisk." What a form field says: a required field left blank (or only spaces) is
 * `required`, a value its own check refuses is `invalid`, anything else nothing.
 */
export type FieldProblem = 'required' | 'invalid';

export function fieldProblem(
  value: string,
  field: { required: boolean; invalid: boolean },
): FieldProblem | null {
  if (field.required && value.trim() === '') return 'required';
  return field.invalid ? 'invalid' : null;
}
