import { Outbox } from '../../../features/dev-outbox/components/outbox';

export function Component() {
  return <Outbox />;
}
