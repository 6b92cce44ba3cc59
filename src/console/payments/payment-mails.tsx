import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { roleMay, type ConsoleMe } from '../../../contract/console/console-auth.ts';
import type { ConsoleMail } from '../../../contract/console/console-mails.ts';
import { formatDateTime } from '../common/console-format.ts';
import { ErrorState, LoadingState } from '../common/states.tsx';
import { mailsQuery, resendMail } from './api.ts';
import { useMailWords } from './mail-messages.ts';

/**
 * A payment's e-mails (docs/merchants/receipts-and-notices.md): each receipt and notice with its status, tries
 * and the SMTP server's last answer, and "Resend" for staff and owners; says so when the server sends no mail.
 */
export function PaymentMails({ paymentId, me }: { paymentId: string; me: ConsoleMe }) {
  const { m, locale } = useMailWords();
  const queryClient = useQueryClient();
  const query = useQuery(mailsQuery(paymentId));
  const [message, setMessage] = useState<string | null>(null);
  const resend = useMutation({
    mutationFn: (mail: ConsoleMail) => resendMail(paymentId, mail.id),
    onSuccess: (mail) => {
      setMessage(m.resent(mail.recipient));
      return queryClient.invalidateQueries({ queryKey: mailsQuery(paymentId).queryKey });
    },
    onError: () => setMessage(m.resendFailed),
  });
  const mayResend = roleMay(me.user.role, 'operate');
  return (
    <section aria-labelledby="mails-title">
      <h2 id="mails-title">{m.title}</h2>
      <div role="status" aria-live="polite" className={message ? 'notice' : 'visually-hidden'}>
        {message}
      </div>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {query.data.mail === 'off' ? <p className="notice">{m.off}</p> : null}
          {query.data.mail === 'capture' ? (
            <p>
              {m.capture} <a href="/__mock-gateway/control/mailbox">{m.mailbox}</a>
            </p>
          ) : null}
          {query.data.data.length === 0 ? (
            <p>{m.none}</p>
          ) : (
            <div className="table-wrap">
              {/* The console's table style: stacked, each cell labelled, on a phone (no sideways scroll). */}
              <table className="payments">
                <caption className="visually-hidden">{m.caption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{m.colMail}</th>
                    <th scope="col">{m.colTo}</th>
                    <th scope="col">{m.colStatus}</th>
                    <th scope="col">{m.colAnswer}</th>
                    {mayResend ? (
                      <th scope="col">
                        <span className="visually-hidden">{m.resend}</span>
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody>
                  {query.data.data.map((mail) => {
                    const what = m.kinds[mail.kind] ?? mail.kind;
                    return (
                      <tr key={mail.id}>
                        <td data-label={m.colMail}>
                          {what}
                          <br />
                          <span className="muted">{formatDateTime(mail.created_at, locale)}</span>
                        </td>
                        <td data-label={m.colTo}>{mail.recipient}</td>
                        <td data-label={m.colStatus}>
                          {m.status[mail.status]} · {m.tries(mail.attempts)}
                          {mail.sent_at ? (
                            <>
                              <br />
                              <span className="muted">{formatDateTime(mail.sent_at, locale)}</span>
                            </>
                          ) : null}
                        </td>
                        <td className="muted" data-label={m.colAnswer}>
                          {mail.last_response ?? '—'}
                        </td>
                        {mayResend ? (
                          <td data-label={m.resend}>
                            <button
                              type="button"
                              className="button"
                              aria-label={m.resendLabel(what, mail.recipient)}
                              disabled={
                                resend.isPending || mail.status === 'pending' || mail.status === 'sending'
                              }
                              onClick={() => resend.mutate(mail)}
                            >
                              {m.resend}
                            </button>
                          </td>
                        ) : null}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
