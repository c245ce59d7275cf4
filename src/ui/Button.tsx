import type { ComponentPropsWithRef } from 'react';
import './Button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

/** A button's props, its ref included (React 19 passes ref as a prop). */
export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
}

/** The classes of a button of `variant`, for a link that looks like one (its styles come along). */
export function buttonClass(variant: ButtonVariant = 'secondary', className?: string): string {
  return ['ui-button', `ui-button--${variant}`, className].filter(Boolean).join(' ');
}

export function Button({
  variant = 'secondary',
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  return <button type={type} className={buttonClass(variant, className)} {...rest} />;
}
