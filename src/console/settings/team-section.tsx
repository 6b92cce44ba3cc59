import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import {
  CONSOLE_ROLES,
  consoleRoleSchema,
  type ConsoleMe,
  type ConsoleRole,
} from '../../../contract/console/console-auth.ts';
import type { ConsoleUser } from '../../../contract/console/console-settings.ts';
import { AccessDialog } from './access-dialog.tsx';
import { ConsoleApiError } from '../common/console-api.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';
import { credentialFieldError, formAlertText } from './credential-fields.tsx';
import { SecretReveal } from '../common/secret-reveal.tsx';
import { addUser, changeRole, usersQuery } from './api.ts';
import { QUERY_ROOTS } from '../common/query-keys.ts';
import { useSettingsWords, type SettingsMessages } from './settings-messages.ts';
import type { Column } from '../common/data-table.tsx';
import { ListPage, listStateOf } from '../common/list-page.tsx';
import { ME_QUERY } from '../common/use-me.ts';
import { UserAccessButtons, UserAccessDialog, type AccessChange } from './user-access.tsx';

// Enough to catch a typo; the server decides what an e-mail is.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function addUserSchema(m: SettingsMessages) {
  return z.object({
    email: z.string().check(
      z.overwrite((value) => value.trim()),
      z.regex(EMAIL, m.emailInvalid),
    ),
    role: consoleRoleSchema,
  });
}
type AddUserForm = z.infer<ReturnType<typeof addUserSchema>>;

const roleFormSchema = z.object({ to: consoleRoleSchema });
type RoleForm = z.infer<typeof roleFormSchema>;

/**
 * The owners' team: who can log in, with which role, whether two-step is on and whether the account is
 * disabled; add a user; change a role; disable or enable a user, give them a new password, turn their two-step off.
 */
export function TeamSection({ me }: { me: ConsoleMe }) {
  const { m } = useSettingsWords();
  const { t } = useConsoleI18n();
  const queryClient = useQueryClient();
  const ids = { email: useId(), role: useId(), hint: useId(), error: useId(), newRole: useId() };
  const form = useForm<AddUserForm>({
    resolver: zodResolver(addUserSchema(m)),
    defaultValues: { email: '', role: 'viewer' },
  });
  /** The user the add form named, waiting for the owner's password in the dialog. */
  const [adding, setAdding] = useState<AddUserForm | null>(null);
  const [created, setCreated] = useState<{ email: string; password: string; reset: boolean } | null>(null);
  const [access, setAccess] = useState<{ user: ConsoleUser; change: AccessChange } | null>(null);
  /** The user whose role the dialog changes; the new role is the dialog's form. */
  const [changing, setChanging] = useState<{ user: ConsoleUser } | null>(null);
  const roleForm = useForm<RoleForm>({
    resolver: zodResolver(roleFormSchema),
    defaultValues: { to: 'viewer' },
  });
  const newRole = useWatch({ control: roleForm.control, name: 'to' });
  const [message, setMessage] = useState<string | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const list = useQuery(usersQuery);
  // A user added or a role changed: the list and the audit log that records it.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.users }),
      queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.audit }),
    ]);
  const add = useMutation({
    mutationFn: (input: AddUserForm & { currentPassword: string }) =>
      addUser({ email: input.email, role: input.role, current_password: input.currentPassword }),
    onSuccess: async (user) => {
      await refresh();
      setAdding(null);
      form.reset();
      setMessage(m.userAdded(user.email));
      setCreated({ email: user.email, password: user.password, reset: false });
    },
    onError: (error) => {
      // The e-mail's refusals belong to the form's field: the dialog closes and the field says why.
      const emailProblem =
        error instanceof ConsoleApiError && error.type === 'user_exists'
          ? m.userExists
          : error instanceof ConsoleApiError && error.type === 'invalid_parameter'
            ? m.emailInvalid
            : undefined;
      if (emailProblem === undefined) return;
      setAdding(null);
      add.reset();
      form.setError('email', { message: emailProblem }, { shouldFocus: true });
    },
  });
  const change = useMutation({
    mutationFn: (input: { user: ConsoleUser; to: ConsoleRole; currentPassword: string }) =>
      changeRole(input.user.id, input.to, input.currentPassword),
    onSuccess: async (user) => {
      await refresh();
      close(m.roleChanged(user.email, m.roles[user.role]));
      // A changed role ends that user's sessions: if it was mine, the console asks me to log in again.
      if (user.id === me.user.id) await queryClient.invalidateQueries({ queryKey: ME_QUERY });
    },
  });
  function close(done?: string) {
    setChanging(null);
    change.reset();
    if (done) setMessage(done);
    const opener = openerRef.current;
    if (opener?.isConnected) opener.focus();
    else document.getElementById('team-title')?.focus();
  }
  function closeAdd() {
    setAdding(null);
    add.reset();
    document.getElementById(ids.email)?.focus();
  }
  /** What a dialog says above its form: not a wrong password (on the field), in the page's language. */
  const dialogAlert = (error: unknown, isError: boolean) =>
    !isError || credentialFieldError(error, m)
      ? null
      : error instanceof ConsoleApiError && error.type === 'last_owner'
        ? m.lastOwner
        : formAlertText(error, m, t);
  const { errors } = form.formState;
  const columns: Column<ConsoleUser>[] = [
    {
      header: m.colEmail,
      cell: (user) => (
        <>
          {user.email} {user.id === me.user.id ? m.you : null}
        </>
      ),
    },
    {
      header: m.colRole,
      cell: (user) => (
        <span className="state-with-action">
          {m.roles[user.role]}
          <button
            type="button"
            className="button"
            aria-label={m.changeRoleOf(user.email)}
            onClick={() => {
              openerRef.current =
                document.activeElement instanceof HTMLElement ? document.activeElement : null;
              setMessage(null);
              const to = CONSOLE_ROLES.find((value) => value !== user.role) ?? 'viewer';
              roleForm.reset({ to });
              setChanging({ user });
            }}
          >
            {m.changeRole}
          </button>
        </span>
      ),
    },
    { header: m.colTotp, cell: (user) => (user.totp_enabled ? m.totpYes : m.totpNo) },
    { header: m.colStatus, cell: (user) => (user.disabled_at === null ? m.statusActive : m.statusDisabled) },
    {
      header: m.colActions,
      cell: (user) =>
        user.id === me.user.id ? null : (
          <UserAccessButtons
            user={user}
            onOpen={(change) => {
              openerRef.current =
                document.activeElement instanceof HTMLElement ? document.activeElement : null;
              setMessage(null);
              setAccess({ user, change });
            }}
          />
        ),
    },
  ];
  return (
    <section aria-labelledby="team-title" className="settings-section">
      <h2 id="team-title" tabIndex={-1}>
        {m.teamTitle}
      </h2>
      <p>{m.teamIntro}</p>
      <div role="status" aria-live="polite" className={message ? 'notice' : 'visually-hidden'}>
        {message}
      </div>
      {created ? (
        <SecretReveal
          title={created.reset ? m.resetSecretTitle(created.email) : m.passwordTitle(created.email)}
          secret={created.password}
          note={m.passwordNote}
          onDone={() => {
            setCreated(null);
            add.reset();
            document.getElementById('team-title')?.focus();
          }}
        />
      ) : null}
      <ListPage
        {...listStateOf(list)}
        empty={<p className="empty">{m.noUsers}</p>}
        table={{ caption: m.teamCaption, columns, rowKey: (user) => user.id }}
      />
      <form
        className="card inline-form"
        aria-labelledby="add-user-title"
        noValidate
        onSubmit={(event) => {
          void form.handleSubmit((values) => {
            setMessage(null);
            setCreated(null);
            add.reset();
            setAdding(values);
          })(event);
        }}
      >
        <h3 id="add-user-title">{m.addTitle}</h3>
        <div className="field">
          <label htmlFor={ids.email}>{m.colEmail}</label>
          <input
            id={ids.email}
            type="email"
            maxLength={254}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${ids.hint} ${ids.error}` : ids.hint}
            {...form.register('email')}
          />
          <p className="hint" id={ids.hint}>
            {m.emailHint}
          </p>
          {errors.email ? (
            <p className="field-error" id={ids.error}>
              {errors.email.message}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={ids.role}>{m.colRole}</label>
          <select id={ids.role} {...form.register('role')}>
            {CONSOLE_ROLES.map((value) => (
              <option key={value} value={value}>
                {m.roles[value]} — {m.roleHelp[value]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button primary" disabled={adding !== null}>
          {m.addButton}
        </button>
      </form>
      {adding ? (
        <AccessDialog
          title={m.addConfirmTitle(adding.email)}
          confirmLabel={m.addButton}
          pending={add.isPending}
          error={add.error}
          alert={dialogAlert(add.error, add.isError)}
          onConfirm={(currentPassword) => add.mutate({ ...adding, currentPassword })}
          onClose={closeAdd}
        >
          <p>{m.addConfirmBody(m.roles[adding.role])}</p>
        </AccessDialog>
      ) : null}
      {access ? (
        <UserAccessDialog
          user={access.user}
          change={access.change}
          onDone={(done, password) => {
            setAccess(null);
            if (password) {
              // The panel takes focus and says what to do with the password.
              setCreated({ ...password, reset: true });
              return;
            }
            setMessage(done);
            const opener = openerRef.current;
            if (opener?.isConnected) opener.focus();
            else document.getElementById('team-title')?.focus();
          }}
          onClose={() => {
            setAccess(null);
            const opener = openerRef.current;
            if (opener?.isConnected) opener.focus();
            else document.getElementById('team-title')?.focus();
          }}
        />
      ) : null}
      {changing ? (
        <AccessDialog
          title={m.changeRoleTitle(changing.user.email)}
          confirmLabel={m.changeRole}
          pending={change.isPending}
          error={change.error}
          alert={dialogAlert(change.error, change.isError)}
          onConfirm={(currentPassword) =>
            void roleForm.handleSubmit(({ to }) =>
              change.mutate({ user: changing.user, to, currentPassword }),
            )()
          }
          onClose={() => close()}
        >
          <div className="field">
            <label htmlFor={ids.newRole}>{m.newRole}</label>
            <select id={ids.newRole} {...roleForm.register('to', { onChange: () => change.reset() })}>
              {CONSOLE_ROLES.filter((value) => value !== changing.user.role).map((value) => (
                <option key={value} value={value}>
                  {m.roles[value]} — {m.roleHelp[value]}
                </option>
              ))}
            </select>
          </div>
          <p>{m.changeRoleBody(m.roles[changing.user.role], m.roles[newRole])}</p>
        </AccessDialog>
      ) : null}
    </section>
  );
}
