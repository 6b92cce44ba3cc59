/**
 * The link pages' styles and the printable sheet's script, served as files by routes/payment-link-pages.ts
 * (the CSP allows no inline style or script). The palette is the checkout's (src/app/styles.css), so a
 * shopper going from the link to `/pay/{id}` sees one product.
 */
export const LINK_PAGE_CSS = `:root{--bg:#f5f7f6;--surface:#fff;--text:#17211b;--muted:#4d5b53;--border:#8a968f;--primary:#0f5132;--focus:#1d4ed8;--error:#b42318;--error-bg:#fef3f2;--font:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:var(--font);font-size:1rem;line-height:1.5;color:var(--text);background:var(--bg)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.link,.sheet{max-width:30rem;margin:0 auto;padding:1.5rem 1rem;background:var(--surface);min-height:100vh}
@media (min-width:40rem){.link,.sheet{margin:2rem auto;min-height:0;border:1px solid var(--border);border-radius:8px;padding:2rem}}
.link__merchant{display:flex;align-items:center;gap:.5rem;margin:0 0 .5rem;color:var(--muted);font-weight:600;text-transform:uppercase;letter-spacing:.04em;font-size:.875rem;overflow-wrap:anywhere}
.link__logo{display:block;height:2rem;width:auto;max-width:8rem;object-fit:contain;flex:none}
a{color:var(--primary)}
.link__support{color:var(--muted);font-size:.875rem;margin:1rem 0 0;overflow-wrap:anywhere}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem}
.link__description,.link__subject{color:var(--muted);margin:0 0 1rem}
.link__message{margin:0 0 1rem}
.link__items{list-style:none;margin:0 0 .5rem;padding:0;border-top:1px solid var(--border)}
.link__items li{display:flex;justify-content:space-between;gap:1rem;padding:.5rem 0;border-bottom:1px solid #d9dfdb}
.link__total{display:flex;justify-content:space-between;font-size:1.25rem;margin:.5rem 0 1.5rem}
.link__form{display:grid;gap:1rem;margin:1rem 0}
.link__field{display:grid;gap:.25rem}
.link__field label{font-weight:600}
.link__field input{font:inherit;font-size:1.125rem;min-height:3rem;padding:.5rem .75rem;border:1px solid var(--border);border-radius:8px;width:100%;background:var(--surface);color:var(--text)}
.link__money{display:flex;align-items:center;gap:.5rem}
.link__money span{font-size:1.125rem;font-weight:600}
.link__field input[aria-invalid=true]{border-color:var(--error);border-width:2px}
.link__hint{margin:0;color:var(--muted);font-size:.875rem}
.link__error{margin:0;color:var(--error);background:var(--error-bg);padding:.25rem .5rem;border-radius:4px}
.link__button{font:inherit;font-weight:600;font-size:1.125rem;min-height:3rem;width:100%;border:0;border-radius:8px;background:var(--primary);color:#fff;cursor:pointer;padding:.5rem 1rem}
.link__button--secondary{background:var(--surface);color:var(--primary);border:2px solid var(--primary)}
.link__methods{color:var(--muted);font-size:.875rem;margin:0}
.sheet{text-align:center}
.sheet .link__merchant{justify-content:center}
.sheet__title{font-size:1.5rem}
.sheet__price{font-size:1.5rem;font-weight:700;margin:0 0 .5rem}
.sheet__qr svg{width:100%;max-width:16rem;height:auto}
.sheet__url{font-family:ui-monospace,monospace;word-break:break-all;font-size:.875rem}
.sheet__hint{color:var(--muted);margin:.5rem 0}
.sheet__actions{display:grid;gap:.75rem;margin-top:1rem}
@page{size:A6;margin:8mm}
@media print{body{background:#fff}.sheet{border:0;margin:0;padding:0;min-height:0;max-width:none}.sheet__actions{display:none}.sheet__qr svg{max-width:62mm}.link__merchant,.sheet__hint{color:#000}}
`;

/** Print, and Share where the browser has the Web Share API (phones); otherwise the Share button stays hidden. */
export const LINK_SHARE_JS = `(() => {
  const print = document.querySelector('[data-print]');
  if (print) print.addEventListener('click', () => window.print());
  const share = document.querySelector('[data-share]');
  if (!share || typeof navigator.share !== 'function') return;
  share.hidden = false;
  share.addEventListener('click', () => {
    navigator.share({ title: share.dataset.title, url: share.dataset.url }).catch(() => undefined);
  });
})();
`;
