import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NOTICE_KIND_VALUES, type NoticeKindValue } from '../../../contract/console/console-mails.ts';
import { ErrorState, LoadingState } from '../common/states.tsx';
import { noticesQuery, saveNotices } from './api.ts';
import { useNoticeWords } from './notice-messages.ts';

/** Settings → E-mail notices: the user's own choice; owners also see who gets what. */
export function NoticesSection() {
  const m = useNoticeWords();
  const queryClient = useQueryClient();
  const query = useQuery(noticesQuery());
  const [chosen, setChosen] = useState<Set<NoticeKindValue> | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (notices: NoticeKindValue[]) => saveNotices(notices),
    onSuccess: (settings) => {
      queryClient.setQueryData(noticesQuery().queryKey, settings);
      setChosen(null);
      setMessage(m.saved);
    },
    onError: () => setMessage(m.failed),
  });
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const current = chosen ?? new Set(query.data.notices);
  return (
    <section aria-labelledby="notices-title" className="settings-section">
      <h2 id="notices-title">{m.title}</h2>
      <p>{m.intro}</p>
      {query.data.mail === 'off' ? <p className="notice">{m.off}</p> : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setMessage(null);
          save.mutate(NOTICE_KIND_VALUES.filter((kind) => current.has(kind)));
        }}
      >
        <fieldset>
          <legend>{m.legend}</legend>
          {NOTICE_KIND_VALUES.map((kind) => (
            <div key={kind} className="checkbox-row">
              <label>
                <input
                  type="checkbox"
                  name="notices"
                  value={kind}
                  checked={current.has(kind)}
                  onChange={(event) => {
                    const next = new Set(current);
                    if (event.target.checked) next.add(kind);
                    else next.delete(kind);
                    setChosen(next);
                  }}
                />{' '}
                {m.kinds[kind]}
              </label>
            </div>
          ))}
        </fieldset>
        <p>
          <button type="submit" className="button primary" disabled={save.isPending}>
            {m.save}
          </button>
        </p>
        <div role="status" aria-live="polite" className={message ? 'notice' : 'visually-hidden'}>
          {message}
        </div>
      </form>
      {query.data.team ? (
        <>
          <h3>{m.teamTitle}</h3>
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">{m.teamCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{m.colUser}</th>
                  <th scope="col">{m.colNotices}</th>
                </tr>
              </thead>
              <tbody>
                {query.data.team.map((member) => (
                  <tr key={member.email}>
                    <td>{member.email}</td>
                    <td>
                      {member.notices.length === 0
                        ? m.nothing
                        : member.notices.map((kind) => m.kinds[kind]).join('; ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
