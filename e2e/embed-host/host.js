// The merchant's side of the e2e tests: loads embed.js from the checkout and records every event it
// hears, on screen and in window.hostEvents, labelled by the slot that mounted the checkout.
const checkoutOrigin = new URLSearchParams(window.location.search).get('checkout');
window.hostEvents = [];
window.checkouts = {};

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
    // Most tests check the redirect by the event, staying here to keep the host page observable;
    // `followBankRedirect` lets the loader take the top window to the bank as on a real shop.
    ...(followBankRedirect ? {} : { onRedirecting: () => false }),
  });
};

const script = document.createElement('script');
script.src = `${checkoutOrigin}/embed.js`;
script.onload = () => {
  document.body.dataset.loader = 'ready';
};
document.body.appendChild(script);
