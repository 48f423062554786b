import { IconCreditCard, IconDatabaseCog } from '@tabler/icons-react';
import { PlansTab } from '@/features/billing/plans-tab';
import { RetentionTab } from '@/features/retention/retention-tab';
import { SettingsPage, type SettingsTab } from '@/features/settings/settings-page';

const TABS: readonly SettingsTab[] = [
  {
    value: 'plans',
    label: 'Planes',
    icon: <IconCreditCard size={16} aria-hidden="true" />,
    panel: <PlansTab />,
  },
  {
    value: 'retention',
    label: 'Conservación de datos',
    icon: <IconDatabaseCog size={16} aria-hidden="true" />,
    panel: <RetentionTab />,
  },
];

/** /config: the settings tabs, with the paid plans' tab from billing and "Conservación de datos". */
export function SettingsScreen() {
  return <SettingsPage extraTabs={TABS} />;
}
