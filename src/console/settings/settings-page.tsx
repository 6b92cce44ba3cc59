import '../common/page-parts.css';
import './settings.css';
import { roleMay, type ConsoleMe } from '../../../contract/console/console-auth.ts';
import { AuditSection } from './audit-section.tsx';
import { NoticesSection } from './notices-section.tsx';
import { PasswordChange } from './password-change.tsx';
import { useSettingsWords } from './settings-messages.ts';
import { ShopSection } from './shop-section.tsx';
import { TeamSection } from './team-section.tsx';
import { TotpSetup } from './totp-setup.tsx';

/**
 * Settings: your account — password and two-step verification, your e-mail notices (every role); the team and the audit log (owners only —
 * others do not see them, and the server refuses them anyway).
 */
export function SettingsPage({ me }: { me: ConsoleMe }) {
  const { m } = useSettingsWords();
  const owner = roleMay(me.user.role, 'administer');
  return (
    <>
      <h1 tabIndex={-1}>{m.title}</h1>
      <section aria-labelledby="account-title" className="settings-section">
        <h2 id="account-title">{m.accountTitle}</h2>
        <dl className="facts">
          <div>
            <dt>{m.email}</dt>
            <dd>{me.user.email}</dd>
          </div>
          <div>
            <dt>{m.role}</dt>
            <dd>
              {m.roles[me.user.role]} — {m.roleHelp[me.user.role]}
            </dd>
          </div>
        </dl>
        <PasswordChange totpEnabled={me.user.totp_enabled} />
        <TotpSetup enabled={me.user.totp_enabled} />
      </section>
      <ShopSection owner={owner} />
      <NoticesSection />
      {owner ? <TeamSection me={me} /> : null}
      {owner ? <AuditSection /> : null}
    </>
  );
}
