// The merchant's side of the e2e tests: loads embed.js from the checkout and records every event it
// hears, on screen and in window.hostEvents, labelled by the slot that mounted the checkout.
const checkoutOrigin = new URLSearchParams(window.location.search).get('checkout');
window.hostEvents = [];
window.checkouts = {};
/** How many times each slot's onReady ran. */
window.readyCalls = {};

function record(slot, event) {
  window.hostEvents.push({ slot, ...event });
  if (event.type === 'resize') return;
  const item = document.createElement('li');
  item.textContent = [slot, event.type, event.transactionId, event.status, event.amount, event.code]
    .filter(Boolean)
    .join(' ');
  document.getElementById('events').appendChild(item);
}

window.mountCheckout = (slot, { followBankRedirect, ...options }) => {
  window.checkouts[slot] = window.MerchantCheckout.mount(`#checkout-${slot}`, {
    ...options,
    onEvent: (event) => record(slot, event),
    onReady: () => {
      window.readyCalls[slot] = (window.readyCalls[slot] ?? 0) + 1;
    },
    // Most tests check the redirect by the event, staying here to keep the host page observable;
    // `followBankRedirect` lets the loader take the top window to the bank as on a real shop.
    ...(followBankRedirect ? {} : { onRedirecting: () => false }),
  });
};

const script = document.createElement('script');
script.src = `${checkoutOrigin}/embed.js`;
script.onload = async () => {
  document.body.dataset.loader = 'ready';
  // A shop whose backend makes a new checkout session on every load of this page: the spec plays that
  // backend (page.exposeFunction), and the page mounts what it made, as the docs' recipe does.
  if (typeof window.newSessionForThisLoad === 'function') {
    const session = await window.newSessionForThisLoad();
    window.mountCheckout('a', { session, locale: 'en', followBankRedirect: true });
  }
};
document.body.appendChild(script);
