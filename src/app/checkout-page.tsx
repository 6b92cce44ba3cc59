import { Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import { CardPaymentForm, type CardPaymentFormHandle } from '../features/card/card-payment-form.tsx';
import { OrderSummary } from '../features/checkout/order-summary.tsx';
import { PaymentMethodChoice } from '../features/checkout/payment-method-choice.tsx';
import { useThreeDSecurePreparation } from '../features/three-ds/use-three-d-secure.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { feeBrandForCardType } from '../lib/fee-brand.ts';
import type { OrderConfig, PaymentMethod } from '../lib/order-config.ts';
import { Spinner } from '../ui/spinner.tsx';
import { BankRedirect, CustomerInstallmentLabels, PaymentResult, PixCheckout } from './lazy-screens.tsx';

interface CheckoutPageProps {
  order: OrderConfig;
  /**
   * Embedded (/embed): the bank's 3DS page must open in the top window, which only the host page may
   * navigate; without it the checkout itself leaves for the bank.
   */
  navigateToBank?: (href: string, transaction: Transaction) => void;
  /** Embedded: the merchant's page the bank sends the shopper back to after 3DS. */
  threeDSReturnUrl?: string;
}

export function CheckoutPage({ order, navigateToBank, threeDSReturnUrl }: CheckoutPageProps) {
  const { t } = useI18n();
  const [method, setMethod] = useState<PaymentMethod>(order.methods[0] ?? 'credit_card');
  // PIX's code loads on first choice; from then on both panels stay mounted (hidden when not chosen),
  // so switching back and forth loses neither what was typed nor a QR code already issued.
  const [pixOpened, setPixOpened] = useState(method === 'pix');
  const [pixPaid, setPixPaid] = useState(false);
  const onPixPaid = useCallback(() => setPixPaid(true), []);
  const choose = (next: PaymentMethod) => {
    setMethod(next);
    if (next === 'pix') setPixOpened(true);
  };
  const [transaction, setTransaction] = useState<Transaction | null>(null);
  const cardForm = useRef<CardPaymentFormHandle>(null);
  const threeDS = useThreeDSecurePreparation(threeDSReturnUrl);
  // Fees depend on the network, known only once the number's prefix names it (visa until then).
  const [cardType, setCardType] = useState<string | undefined>();
  const [installmentLabels, setInstallmentLabels] = useState<readonly string[]>();
  const installmentLabel = useMemo(
    () => (installmentLabels ? (count: number) => installmentLabels[count - 1] ?? '' : undefined),
    [installmentLabels],
  );
  const loading = <Spinner label={t('app.loading')} />;

  const tryAnotherCard = () => {
    // The form must be visible again before it can take focus.
    flushSync(() => setTransaction(null));
    cardForm.current?.clearCard();
  };

  return (
    <div className="checkout">
      <h1 className="visually-hidden">{t('checkout.heading')}</h1>
      <OrderSummary order={order} />
      <section className="payment" aria-label={t('checkout.methodLegend')}>
        {order.feesPaidBy === 'customer' ? (
          <Suspense fallback={null}>
            <CustomerInstallmentLabels
              order={order}
              brand={feeBrandForCardType(cardType)}
              onChange={setInstallmentLabels}
            />
          </Suspense>
        ) : null}
        <Suspense fallback={loading}>
          {transaction?.threeDSecure ? (
            <BankRedirect
              key={transaction.id}
              url={transaction.threeDSecure.url}
              transactionId={transaction.id}
              reference={threeDS.reference}
              onBack={tryAnotherCard}
              navigateTo={navigateToBank ? (href) => navigateToBank(href, transaction) : undefined}
            />
          ) : transaction ? (
            <PaymentResult transaction={transaction} onRetry={tryAnotherCard} />
          ) : null}
        </Suspense>
        {/* Hidden, not unmounted: a decline must not lose what the shopper typed. */}
        <div hidden={transaction !== null}>
          {pixPaid ? null : <PaymentMethodChoice methods={order.methods} value={method} onChange={choose} />}
          {order.methods.includes('credit_card') ? (
            <div hidden={method !== 'credit_card'}>
              <CardPaymentForm
                ref={cardForm}
                order={order}
                onTransaction={setTransaction}
                prepareThreeDSecure={threeDS.prepare}
                installmentLabel={installmentLabel}
                onBrandChange={setCardType}
              />
            </div>
          ) : null}
          {order.methods.includes('pix') && pixOpened ? (
            <div hidden={method !== 'pix'}>
              <Suspense fallback={loading}>
                <PixCheckout order={order} onPaid={onPixPaid} />
              </Suspense>
            </div>
          ) : null}
        </div>
      </section>
    </div>
  );
}
