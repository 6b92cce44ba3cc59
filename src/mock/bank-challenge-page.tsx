import { useEffect, useId, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { Locale } from '../i18n/locale.ts';
import { formatCents } from '../lib/money.ts';
import { findByChallengeToken, setTransactionStatus } from '../../mock-core/gateway.ts';
import { TEST_CARDS } from '../../mock-core/scenarios.ts';
import type { StoredTransaction } from '../../mock-core/store.ts';
import './bank-challenge-page.css';
import { cardBrandName } from '../lib/card-brand-name.ts';

/**
 * The bank's words, not the checkout's: they live here so the production catalogues (and bundle)
 * carry nothing of the mock. Typed per locale, so a missing translation still fails the type check.
 */
const EN = {
  bank: 'Banco Exemplo',
  secure: 'Secure purchase · 3-D Secure',
  notice: 'Simulated bank page of the mock gateway. No real bank is contacted.',
  title: 'Confirm your purchase',
  intro: 'We sent a 6-digit code by SMS to your registered phone.',
  merchant: 'Merchant',
  amount: 'Amount',
  card: 'Card',
  code: 'Verification code',
  codeHint: 'Any 6 digits work here, e.g. 123456.',
  codeInvalid: 'Enter the 6-digit code.',
  authenticate: 'Authenticate',
  cancel: 'Cancel',
  working: 'Returning to the store…',
  frictionless: 'Your device is recognised: no code needed. Returning to the store…',
  unknownTitle: 'This link is not valid',
  unknownBody: 'This authentication link is not valid or has expired. Return to the store and try again.',
  doneTitle: 'Already answered',
  doneBody: 'This purchase was already confirmed or refused.',
  backToStore: 'Return to the store',
} as const;
type BankText = Record<keyof typeof EN, string>;

const TEXT: Record<Locale, BankText> = {
  en: EN,
  'pt-BR': {
    bank: 'Banco Exemplo',
    secure: 'Compra segura · 3-D Secure',
    notice: 'Página de banco simulada do gateway de teste. Nenhum banco real é contatado.',
    title: 'Confirme sua compra',
    intro: 'Enviamos um código de 6 dígitos por SMS para o seu celular cadastrado.',
    merchant: 'Loja',
    amount: 'Valor',
    card: 'Cartão',
    code: 'Código de verificação',
    codeHint: 'Qualquer código de 6 dígitos funciona aqui, ex.: 123456.',
    codeInvalid: 'Informe o código de 6 dígitos.',
    authenticate: 'Autenticar',
    cancel: 'Cancelar',
    working: 'Voltando para a loja…',
    frictionless: 'Seu dispositivo foi reconhecido: não é preciso código. Voltando para a loja…',
    unknownTitle: 'Este link não é válido',
    unknownBody: 'Este link de autenticação não é válido ou expirou. Volte à loja e tente novamente.',
    doneTitle: 'Já respondido',
    doneBody: 'Esta compra já foi confirmada ou recusada.',
    backToStore: 'Voltar para a loja',
  },
};

/** A real bank only sends the shopper back to web addresses; so does this one. */
function goTo(href: string | undefined): void {
  if (href && /^https?:\/\//.test(href)) window.location.assign(href);
}

/** Frictionless test card: the stored first/last digits are all the mock keeps of the number. */
function isFrictionless(stored: StoredTransaction): boolean {
  const card = stored.transaction.card;
  if (!card?.card_first_digits || !card.card_last_digits) return false;
  const { card_first_digits: first, card_last_digits: last } = card;
  return TEST_CARDS.some(
    (c) => c.scenario === 'frictionless' && c.number.startsWith(first) && c.number.endsWith(last),
  );
}

/** Marks the transaction as the bank decided and sends the shopper to the matching return URL. */
function answer(stored: StoredTransaction, status: 'authorized' | 'refused' | 'canceled'): void {
  setTransactionStatus(String(stored.transaction.id), status, Date.now());
  goTo(status === 'authorized' ? stored.threeDSecureReturn?.success : stored.threeDSecureReturn?.fail);
}

function BankFrame({ text, children }: { text: BankText; children: ReactNode }) {
  return (
    <div className="mock-bank">
      <header className="mock-bank__header">
        <span className="mock-bank__logo" aria-hidden="true">
          BE
        </span>
        <span className="mock-bank__name">{text.bank}</span>
        <span className="mock-bank__secure">{text.secure}</span>
      </header>
      <main className="mock-bank__main" id="main">
        <p className="mock-bank__notice">{text.notice}</p>
        {children}
      </main>
    </div>
  );
}

function Challenge({ stored, text }: { stored: StoredTransaction; text: BankText }) {
  const { locale } = useI18n();
  const codeId = useId();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { transaction } = stored;

  const authenticate = (event: SyntheticEvent<HTMLFormElement, SubmitEvent>) => {
    event.preventDefault();
    if (leaving) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setInvalid(true);
      input.current?.focus();
      return;
    }
    setLeaving(true);
    answer(stored, stored.challengeOutcome ?? 'refused');
  };
  const cancel = () => {
    if (leaving) return;
    setLeaving(true);
    // The shopper's choice, not the bank's refusal: the checkout tells the two apart.
    answer(stored, 'canceled');
  };

  return (
    <>
      <h1>{text.title}</h1>
      <dl className="mock-bank__details">
        <dt>{text.merchant}</dt>
        <dd>LOJA EXEMPLO</dd>
        <dt>{text.amount}</dt>
        <dd>{formatCents(transaction.amount, locale)}</dd>
        <dt>{text.card}</dt>
        <dd>
          {cardBrandName(transaction.card?.brand)} •••• {transaction.card?.card_last_digits ?? ''}
        </dd>
      </dl>
      <p>{text.intro}</p>
      <form className="mock-bank__form" noValidate onSubmit={authenticate}>
        <label htmlFor={codeId}>{text.code}</label>
        <p id={`${codeId}-hint`} className="mock-bank__hint">
          {text.codeHint}
        </p>
        <input
          ref={input}
          id={codeId}
          value={code}
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
            setInvalid(false);
          }}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          aria-invalid={invalid || undefined}
          aria-describedby={`${codeId}-hint${invalid ? ` ${codeId}-error` : ''}`}
        />
        <p id={`${codeId}-error`} className="mock-bank__error" role="alert">
          {invalid ? text.codeInvalid : ''}
        </p>
        <div className="mock-bank__actions">
          <button type="submit" className="mock-bank__primary" aria-disabled={leaving || undefined}>
            {text.authenticate}
          </button>
          <button type="button" onClick={cancel} aria-disabled={leaving || undefined}>
            {text.cancel}
          </button>
        </div>
        <p role="status">{leaving ? text.working : ''}</p>
      </form>
    </>
  );
}

function Frictionless({ stored, text }: { stored: StoredTransaction; text: BankText }) {
  // A short pause shows the state; StrictMode's extra run is cancelled by the cleanup, so it answers once.
  useEffect(() => {
    const timer = window.setTimeout(() => answer(stored, 'authorized'), 800);
    return () => window.clearTimeout(timer);
  }, [stored]);
  return (
    <>
      <h1>{text.title}</h1>
      <p role="status">{text.frictionless}</p>
    </>
  );
}

/** `/mock-bank/challenge?token=…`: the bank's 3DS challenge, served by the mock in mock mode only. */
export function BankChallengePage({ search }: { search: URLSearchParams }) {
  const { locale } = useI18n();
  const text = TEXT[locale];
  const token = search.get('token') ?? '';
  // Read once: the page decides on the state it opened with.
  const [stored] = useState(() => (token ? findByChallengeToken(token) : undefined));

  let body: ReactNode;
  if (!stored) {
    body = (
      <>
        <h1>{text.unknownTitle}</h1>
        <p>{text.unknownBody}</p>
      </>
    );
  } else if (stored.transaction.status !== 'processing') {
    const back =
      stored.transaction.status === 'authorized'
        ? stored.threeDSecureReturn?.success
        : stored.threeDSecureReturn?.fail;
    body = (
      <>
        <h1>{text.doneTitle}</h1>
        <p>{text.doneBody}</p>
        {back && /^https?:\/\//.test(back) ? <a href={back}>{text.backToStore}</a> : null}
      </>
    );
  } else if (isFrictionless(stored)) {
    body = <Frictionless stored={stored} text={text} />;
  } else {
    body = <Challenge stored={stored} text={text} />;
  }
  return <BankFrame text={text}>{body}</BankFrame>;
}
