export function Spinner({ label }: { label: string }) {
  return (
    <span className="spinner-block" role="status">
      <span className="spinner spinner--large" aria-hidden="true" />
      <span>{label}</span>
    </span>
  );
}
