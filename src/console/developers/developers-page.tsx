import '../common/page-parts.css';
import './developers.css';
import { useQuery } from '@tanstack/react-query';
import { ApiKeysSection } from './api-keys-section.tsx';
import { webhookEndpointsQuery } from './api.ts';
import { useDevelopersWords } from './developers-messages.ts';
import { WebhookEndpointsSection } from './webhook-endpoints-section.tsx';

/**
 * Developers: webhook endpoints and extra API keys. Every role sees them; only owners change them (the
 * server says so in `can_manage` and refuses otherwise). The environment's key and endpoint keep working.
 */
export function DevelopersPage() {
  const { m } = useDevelopersWords();
  // The same query as the endpoints' section: read once, used for the owners-only notice.
  const endpoints = useQuery(webhookEndpointsQuery);
  return (
    <>
      <h1 tabIndex={-1}>{m.developersTitle}</h1>
      <p className="notice">{m.environmentNote}</p>
      {endpoints.data && !endpoints.data.can_manage ? <p className="notice">{m.ownerOnly}</p> : null}
      <WebhookEndpointsSection />
      <ApiKeysSection />
    </>
  );
}
