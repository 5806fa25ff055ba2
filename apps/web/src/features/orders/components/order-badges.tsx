import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { useT } from '../../../lib/i18n/translate-context';
import type { Money, OrderPaymentStatus, OrderPhase } from '../types/order';

const paymentTones: Record<OrderPaymentStatus, BadgeTone> = {
  unpaid: 'neutral',
  partial: 'warning',
  succeeded: 'success',
  'refund-pending': 'warning',
  refunded: 'danger',
};
const phaseTones: Record<OrderPhase, BadgeTone> = { quote: 'neutral', payment: 'info', delivery: 'warning', completed: 'success' };

export function PaymentStatusBadge({ status }: { status: OrderPaymentStatus }) {
  const t = useT();
  return <Badge tone={paymentTones[status]}>{t(`orders.paymentStatus.${status}`)}</Badge>;
}

export function PhaseBadge({ phase }: { phase: OrderPhase }) {
  const t = useT();
  return <Badge tone={phaseTones[phase]}>{t(`orders.phase.${phase}`)}</Badge>;
}

/** Money that is not real (the test card processor, a local chain) is always marked so. */
export function TestMoneyBadge() {
  const t = useT();
  return (
    <Badge tone="warning" title={t('orders.testMoneyHint')}>
      {t('orders.testMoney')}
    </Badge>
  );
}

/** `12.5 USDXM`: the amount as the server wrote it (a decimal string, never a float), then the currency. */
export function formatMoney(money: Money): string {
  return `${money.amount} ${money.currency.toUpperCase()}`;
}
