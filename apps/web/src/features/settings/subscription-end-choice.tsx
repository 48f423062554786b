import { SUBSCRIPTION_ENDING_LABELS, SUBSCRIPTION_ENDINGS, type SubscriptionEnding } from '@app/contracts';
import { Radio, Stack } from '@mantine/core';

/**
 * What happens at Stripe to a live subscription when the account is deactivated or deleted: the administrator
 * chooses; the server records the choice in Historial.
 */
export function SubscriptionEndChoice({
  value,
  onChange,
  description = 'Este miembro tiene una suscripción activa en Stripe.',
}: {
  value: SubscriptionEnding;
  onChange: (value: SubscriptionEnding) => void;
  description?: string;
}) {
  return (
    <Radio.Group label="Suscripción en Stripe" description={description} value={value} onChange={onChange}>
      <Stack gap="xs" mt="xs">
        {SUBSCRIPTION_ENDINGS.map((ending) => (
          <Radio key={ending} value={ending} label={SUBSCRIPTION_ENDING_LABELS[ending]} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
