import { useParams, useSearchParams } from 'react-router';
import { CheckoutPage } from '../../../features/checkout/components/checkout-page';

/**
 * `/checkout/{collectionId}` and `/checkout/{collectionId}?orderId=…&clientSecret=…` (an order created by the Orders
 * API): the hosted sales page. An order the page creates goes into the URL too, so a reload follows it.
 */
export function Component() {
  const { collectionId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const orderId = params.get('orderId');
  const clientSecret = params.get('clientSecret');
  const handle = orderId && clientSecret ? { orderId, clientSecret } : undefined;
  return (
    <CheckoutPage
      collectionId={collectionId}
      handle={handle}
      onOrder={(created) =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.set('orderId', created.orderId);
            next.set('clientSecret', created.clientSecret);
            return next;
          },
          { replace: true },
        )
      }
    />
  );
}
