import { IconCreditCard } from '@tabler/icons-react';
import { PlansTab } from '@/features/billing/plans-tab';
import { SettingsPage, type SettingsTab } from '@/features/settings/settings-page';

const TABS: readonly SettingsTab[] = [
  {
    value: 'plans',
    label: 'Planes',
    icon: <IconCreditCard size={16} aria-hidden="true" />,
    panel: <PlansTab />,
  },
];

/** /config: the settings tabs, with the paid plans' tab from billing. */
export function SettingsScreen() {
  return <SettingsPage extraTabs={TABS} />;
}
