import { useId } from 'react';

/** A list's status filter: "any" first, then each status of a closed set by its name; a change goes back to page 1. */
export function StatusFilter<Status extends string>({
  label,
  anyLabel,
  statuses,
  nameOf,
  value,
  onChange,
}: {
  label: string;
  anyLabel: string;
  statuses: readonly Status[];
  nameOf: (status: Status) => string;
  value: Status | '';
  onChange: (status: Status | '') => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(statuses.find((status) => status === event.target.value) ?? '')}
      >
        <option value="">{anyLabel}</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {nameOf(status)}
          </option>
        ))}
      </select>
    </div>
  );
}
