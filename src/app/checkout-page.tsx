import { Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { SessionCustomer } from '../../contract/checkout-session.ts';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import { CardPaymentForm, type CardPaymentFormHandle } from '../features/card/card-payment-form.tsx';
import { OrderSummary } from '../features/checkout/order-summary.tsx';
import { PaymentMethodChoice } from '../features/checkout/payment-method-choice.tsx';
import {
  useThreeDSecurePreparation,
  type ThreeDSReturnTarget,
} from '../features/three-ds/use-three-d-secure.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { OrderConfig, PaymentMethod } from '../lib/order-config.ts';
import type { Resume } from '../payment/session-resume.ts';
import { Spinner } from '../ui/spinner.tsx';
import { BankRedirect, BoletoCheckout, PaymentResult, PixCheckout, ThreeDSPending } from './lazy-screens.tsx';

interface CheckoutPageProps {
  order: OrderConfig;
  /** What the shop told the session about its customer: the forms show it filled and folded. */
  customer?: SessionCustomer | null | undefined;
  /**
   * Embedded (/embed): the bank's 3DS page must open in the top window, which only the host page may
   * navigate; without it the checkout itself leaves for the bank.
   */
  navigateToBank?: ((href: string, transaction: Transaction) => void) | undefined;
  /** Where the bank sends the shopper back; default: the designer preview's return route. */
  threeDSReturn?: ThreeDSReturnTarget | undefined;
  /** A checkout session's payment under way, shown instead of the empty form (reload, Back, return). */
  resume?: Resume | undefined;
  /** A checkout session asks its server when an answer is lost or the session moved on (SessionCheckout). */
  onCheckWithServer?: (() => void) | undefined;
  /** Shown instead of the payment area while set: the session asking its server what happened. */
  overlay?: ReactNode;
  /** Above the payment form, e.g. "that attempt did not go through, you can pay now". */
  notice?: ReactNode;
  /** Shown with an approval or a paid PIX, e.g. the way back to the shop. */
  successAction?: ReactNode;
  /** Below the payment area, e.g. the way back to the shop without paying. */
  footer?: ReactNode;
}

/** A transaction on screen; `toBank` only for one this page just created with a 3DS challenge. */
interface Shown {
  transaction: Transaction;
  toBank: boolean;
}

export function CheckoutPage({
  order,
  customer,
  navigateToBank,
  threeDSReturn,
  resume,
  onCheckWithServer,
  overlay,
  notice,
  successAction,
  footer,
}: CheckoutPageProps) {
  const { t } = useI18n();
  const resumedPix = resume?.kind === 'pix' ? resume.transaction : undefined;
  const resumedBoleto = resume?.kind === 'boleto' ? resume.boleto : undefined;
  const [method, setMethod] = useState<PaymentMethod>(
    resumedPix ? 'pix' : resumedBoleto ? 'boleto' : (order.methods[0] ?? 'credit_card'),
  );
  // PIX's and boleto's code loads on first choice; from then on the panels stay mounted (hidden when not
  // chosen), so switching back and forth loses neither what was typed nor a code already issued.
  const [opened, setOpened] = useState([method]);
  const [pixPaid, setPixPaid] = useState(false);
  // A PIX code that can still be paid while the shopper looks at the card form: both could be paid.
  const [pixOpen, setPixOpen] = useState(false);
  const onPixPaid = useCallback(() => setPixPaid(true), []);
  const choose = (next: PaymentMethod) => {
    setMethod(next);
    setOpened((list) => [...list, next]);
  };
  const [shown, setShown] = useState<Shown | null>(() =>
    resume?.kind === 'card' ? { transaction: resume.transaction, toBank: false } : null,
  );
  // A session reloaded while its 3DS payment waits at the bank: the way back there, and the status.
  const [atBank, setAtBank] = useState<Transaction | null>(() =>
    resume?.kind === 'three-ds' ? resume.transaction : null,
  );
  const onBankAnswer = useCallback((transaction: Transaction) => {
    setAtBank(null);
    setShown({ transaction, toBank: false });
  }, []);
  // Card after PIX (decision 222): a card payment the gateway answered withdrew the open code on the
  // server, so the PIX panel forgets it (a new panel, no resume): choosing PIX again asks for a new code.
  const [pixGeneration, setPixGeneration] = useState(0);
  const onTransaction = useCallback(
    (transaction: Transaction) => {
      if (pixOpen) {
        setPixOpen(false);
        setPixGeneration((generation) => generation + 1);
      }
      setShown({ transaction, toBank: Boolean(transaction.threeDSecure) });
    },
    [pixOpen],
  );
  const cardForm = useRef<CardPaymentFormHandle>(null);
  // Back from the bank (a new page): what the declined or cancelled attempt sent, never card data.
  const restored = resume?.kind === 'card' ? resume.restored : undefined;
  const threeDS = useThreeDSecurePreparation(threeDSReturn);
  // With customer-paid fees, the card plan's price is the summary's total (the card form prices it).
  const customerPays = order.feesPaidBy === 'customer';
  const [cardCharge, setCardCharge] = useState<number>();
  const loading = <Spinner label={t('app.loading')} />;

  const tryAnotherCard = () => {
    // The form must be visible again before it can take focus.
    flushSync(() => setShown(null));
    cardForm.current?.clearCard();
  };

  const transaction = shown?.transaction;
  let paymentScreen: ReactNode = null;
  if (overlay) paymentScreen = overlay;
  else if (atBank) {
    paymentScreen = (
      <ThreeDSPending
        transaction={atBank}
        onSettled={onBankAnswer}
        navigateTo={navigateToBank ? (href) => navigateToBank(href, atBank) : undefined}
      />
    );
  } else if (shown?.toBank && shown.transaction.threeDSecure) {
    const { transaction: created } = shown;
    paymentScreen = (
      <BankRedirect
        key={created.id}
        url={shown.transaction.threeDSecure.url}
        transactionId={created.id}
        reference={threeDS.reference}
        stateless={threeDS.stateless}
        onBack={tryAnotherCard}
        navigateTo={navigateToBank ? (href) => navigateToBank(href, created) : undefined}
      />
    );
  } else if (transaction) {
    paymentScreen = (
      <PaymentResult transaction={transaction} onRetry={tryAnotherCard} successAction={successAction} />
    );
  }

  return (
    <div className="checkout">
      <h1 className="visually-hidden">{t('checkout.heading')}</h1>
      <OrderSummary
        order={order}
        cardFees={method === 'credit_card' && customerPays ? { charged: cardCharge } : undefined}
      />
      <section className="payment" aria-label={t('checkout.methodLegend')}>
        <Suspense fallback={loading}>{paymentScreen}</Suspense>
        {/* Hidden, not unmounted: a decline must not lose what the shopper typed. */}
        <div hidden={paymentScreen !== null}>
          {notice}
          {pixPaid ? null : <PaymentMethodChoice methods={order.methods} value={method} onChange={choose} />}
          {order.methods.includes('credit_card') ? (
            <div hidden={method !== 'credit_card'}>
              {pixOpen ? (
                <p className="notice notice--warning" role="status">
                  {t('pix.stillOpen')}
                </p>
              ) : null}
              <CardPaymentForm
                ref={cardForm}
                order={order}
                onTransaction={onTransaction}
                prepareThreeDSecure={threeDS.prepare}
                onChargeChange={setCardCharge}
                onCheckWithServer={onCheckWithServer}
                customer={customer}
                restored={restored}
              />
            </div>
          ) : null}
          {opened.includes('boleto') ? (
            <div hidden={method !== 'boleto'}>
              <Suspense fallback={loading}>
                <BoletoCheckout
                  order={order}
                  resume={resumedBoleto}
                  customer={customer}
                  onPaid={onPixPaid}
                  onCheckWithServer={onCheckWithServer}
                />
              </Suspense>
            </div>
          ) : null}
          {opened.includes('pix') ? (
            <div hidden={method !== 'pix'}>
              <Suspense fallback={loading}>
                <PixCheckout
                  key={pixGeneration}
                  order={order}
                  onPaid={onPixPaid}
                  resume={pixGeneration === 0 ? resumedPix : undefined}
                  onCheckWithServer={onCheckWithServer}
                  successAction={successAction}
                  customer={customer}
                  onOpenChange={setPixOpen}
                />
              </Suspense>
            </div>
          ) : null}
        </div>
        {/* The way out without paying: not beside a result or a paid PIX code. */}
        {paymentScreen === null && !pixPaid ? footer : null}
      </section>
    </div>
  );
}
