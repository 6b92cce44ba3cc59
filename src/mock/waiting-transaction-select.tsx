/**
 * The designer panel's choice of a transaction waiting for the shopper's bank (a PIX code or a boleto): the
 * chosen one, or the first while none was chosen. The panel's PIX and boleto controls each own the actions.
 */
export function WaitingTransactionSelect<T extends { id: number }>({
  open,
  target,
  onSelect,
  label,
  none,
  describe,
}: {
  open: readonly T[];
  target: T | undefined;
  onSelect: (id: string) => void;
  label: string;
  none: string;
  describe: (transaction: T) => string;
}) {
  if (!target) return <p>{none}</p>;
  return (
    <label className="mock-panel__field">
      {label}
      <select value={String(target.id)} onChange={(event) => onSelect(event.target.value)}>
        {open.map((transaction) => (
          <option key={transaction.id} value={String(transaction.id)}>
            {describe(transaction)}
          </option>
        ))}
      </select>
    </label>
  );
}
