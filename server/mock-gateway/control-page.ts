import type { Transaction } from '../../contract/gateway/transaction.ts';
import { escapeHtml } from './challenge-page.ts';
import type { MockWebhooks } from './mock-webhooks.ts';

/** Where the page lives, under the mock gateway's path (public in `npm start` only). */
export const CONTROL_PAGE_PATH = '/control/';

function checkbox(name: string, checked: boolean, label: string, hint: string): string {
  return `<p><label><input type="checkbox" name="${name}"${checked ? ' checked' : ''}> ${escapeHtml(label)}</label>
<br><small>${escapeHtml(hint)}</small></p>`;
}

function money(cents: number): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency: 'BRL' }).format(cents / 100);
}

/**
 * The designers' control page of the in-process mock gateway (`npm start`): the webhook knobs — drop,
 * delay, duplicate, reorder — so every lifecycle failure can be seen by hand, what happened to the latest
 * webhooks, the open PIX codes with a button that pays one as the shopper's bank app would, and the open
 * boletos, each with Pay and Expire. Plain
 * forms, no script: it works with the server's content security policy and without JavaScript.
 */
export function controlPage(
  webhooks: MockWebhooks | undefined,
  openPix: readonly Transaction[],
  openBoletos: readonly Transaction[] = [],
  daysAhead = 0,
): string {
  const time = `<form method="post" action="time">
<fieldset><legend>The gateway's calendar</legend>
<p>${daysAhead === 0 ? 'On today.' : `Moved ${daysAhead} days forward.`} Card installments fall due and are paid out on this calendar (the console's receivables follow).</p>
<p><label>Move forward by (days) <input type="number" name="days" min="1" max="400" value="30" inputmode="numeric"></label></p>
<p><button type="submit">Move time forward</button></p>
</fieldset>
</form>
<form method="post" action="time"><input type="hidden" name="days" value="0"><button type="submit">Back to today</button></form>`;
  const settings = webhooks?.settings;
  const knobs = settings
    ? `<form method="post" action="webhooks">
<fieldset><legend>Webhooks to the checkout server</legend>
${checkbox('drop', settings.drop, 'Drop every webhook', 'Lost webhooks: reconciliation must still finish every payment.')}
${checkbox('duplicate', settings.duplicate, 'Send each webhook twice', 'The server must change nothing twice.')}
${checkbox('reorder', settings.reorder, 'Reorder: hold each webhook until the next one, send them swapped', 'A late webhook must not move a payment backwards.')}
<p><label>Delay before sending (ms) <input type="number" name="delayMs" min="0" max="600000" step="100" value="${settings.delayMs}" inputmode="numeric"></label></p>
<p><button type="submit">Save</button></p>
</fieldset>
</form>`
    : '<p>This mock sends no webhooks (a real gateway is configured).</p>';
  const rows = (webhooks?.recent ?? [])
    .map(
      (record) =>
        `<tr><td>${escapeHtml(record.at.slice(11, 19))}</td><td>${record.transactionId}</td><td>${escapeHtml(record.status)}</td><td>${escapeHtml(record.fate)}</td></tr>`,
    )
    .join('\n');
  const pix = openPix
    .map(
      (transaction) =>
        `<li><form method="post" action="pix/${transaction.id}/pay">Transaction ${transaction.id}, ${escapeHtml(money(transaction.amount))} <button type="submit">Pay this PIX code</button></form></li>`,
    )
    .join('\n');
  const boletos = openBoletos
    .map(
      (transaction) =>
        `<li>Transaction ${transaction.id}, ${escapeHtml(money(transaction.amount))}, due ${escapeHtml(transaction.boleto_expiration_date ?? '')}
<form method="post" action="boleto/${transaction.id}/pay"><button type="submit">Pay this boleto</button></form>
<form method="post" action="boleto/${transaction.id}/expire"><button type="submit">Expire this boleto (due date over, unpaid)</button></form></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Mock gateway controls</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 46rem; padding: 1rem; color: #1a1a2e; }
fieldset { border: 1px solid #c8c8d8; border-radius: 8px; }
button { min-height: 44px; padding: 0 1rem; font: inherit; }
input[type='checkbox'] { width: 1.25rem; height: 1.25rem; vertical-align: middle; }
input[type='number'] { min-height: 44px; font: inherit; width: 8rem; }
small { color: #4a4a5e; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.25rem 0.5rem; border-bottom: 1px solid #e0e0ea; }
.table { overflow-x: auto; }
</style>
</head>
<body>
<main>
<h1>Mock gateway controls</h1>
<p>For designers and tests, in <code>npm start</code> only: a real gateway has none of this.</p>
<p><a href="mailbox">Development mailbox</a>: the receipts and notices the checkout sent, as their readers see them.</p>
${knobs}
${time}
<h2>Latest webhooks</h2>
${rows ? `<div class="table"><table><thead><tr><th scope="col">Time (UTC)</th><th scope="col">Transaction</th><th scope="col">Status</th><th scope="col">What happened</th></tr></thead><tbody>\n${rows}\n</tbody></table></div>` : '<p>None yet.</p>'}
<h2>Open PIX codes</h2>
${pix ? `<ul>\n${pix}\n</ul>` : '<p>None open.</p>'}
<h2>Open boletos</h2>
${boletos ? `<ul>\n${boletos}\n</ul>` : '<p>None open.</p>'}
<p><a href="./">Refresh</a></p>
</main>
</body>
</html>`;
}
