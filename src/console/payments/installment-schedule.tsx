import './installment-schedule.css';
import { useQuery } from '@tanstack/react-query';
import { formatCents, statusName } from '../common/console-format.ts';
import { installmentsQuery } from './api.ts';
import { useInstallmentWords } from './installment-messages.ts';

/** A gateway date (`YYYY-MM-DD` or an instant) as a day; anything else as the gateway wrote it. */
function day(text: string | null | undefined, locale: string): string {
  if (!text) return '—';
  const bare = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const date = new Date(bare ? `${text}T12:00:00Z` : text);
  if (Number.isNaN(date.getTime())) return text;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', ...(bare ? { timeZone: 'UTC' } : {}) }).format(
    date,
  );
}

/**
 * A card payment's installment schedule from the gateway (decision 253): hidden when the gateway has none;
 * loading and a failed read are said in this section only — the rest of the page does not wait for it.
 */
export function InstallmentSchedule({ paymentId }: { paymentId: string }) {
  const { m, locale } = useInstallmentWords();
  const schedule = useQuery({
    ...installmentsQuery(paymentId),
  });
  if (schedule.isSuccess && !schedule.data.available) return null;
  const hasNet = schedule.data?.installments.some((entry) => typeof entry.net_amount === 'number') ?? false;
  const hasStatus = schedule.data?.installments.some((entry) => entry.status) ?? false;
  return (
    <section
      className="schedule"
      aria-labelledby="schedule-title"
      aria-busy={schedule.isPending ? true : undefined}
    >
      <h2 id="schedule-title">{m.scheduleTitle}</h2>
      {schedule.isPending ? (
        <p role="status" className="loading">
          {m.scheduleLoading}
        </p>
      ) : schedule.isError ? (
        <div className="notice">
          <p>{m.scheduleError}</p>
          <button type="button" className="button" onClick={() => void schedule.refetch()}>
            {m.retry}
          </button>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="payments">
            <caption className="visually-hidden">{m.scheduleCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{m.colInstallment}</th>
                <th scope="col">{m.colDue}</th>
                <th scope="col" className="number">
                  {m.colAmount}
                </th>
                {hasNet ? (
                  <th scope="col" className="number">
                    {m.colNet}
                  </th>
                ) : null}
                {hasStatus ? <th scope="col">{m.colStatus}</th> : null}
              </tr>
            </thead>
            <tbody>
              {schedule.data.installments.map((entry) => (
                <tr key={entry.number}>
                  <td data-label={m.colInstallment}>{entry.number}</td>
                  <td data-label={m.colDue}>{day(entry.due_date, locale)}</td>
                  <td data-label={m.colAmount} className="number">
                    {formatCents(entry.amount, locale)}
                  </td>
                  {hasNet ? (
                    <td data-label={m.colNet} className="number">
                      {typeof entry.net_amount === 'number' ? formatCents(entry.net_amount, locale) : '—'}
                    </td>
                  ) : null}
                  {hasStatus ? (
                    <td data-label={m.colStatus}>{entry.status ? statusName(entry.status, locale) : '—'}</td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
