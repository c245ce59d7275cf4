import './Spinner.css';

export function Spinner({ label }: { label: string }) {
  return (
    <div className="ui-spinner" role="status" aria-live="polite">
      <span className="ui-spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
