import { IconCreditCard, IconDatabaseCog } from '@tabler/icons-react';
import { PlansTab } from '@/features/billing/plans-tab';
import { MemberArchiveAction } from '@/features/data-archive/member-archive-action';
import { SettingsPage, type SettingsTab, type UserAction } from '@/features/settings/settings-page';
import { RetentionTab } from '@/features/retention/retention-tab';

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

/** Each user's row: the member's data archive, from data-archive. */
const USER_ACTIONS: UserAction = (user) => <MemberArchiveAction user={user} />;

/** /config: the settings tabs, with the paid plans' tab from billing, "Conservación de datos" and the archive action. */
export function SettingsScreen() {
  return <SettingsPage extraTabs={TABS} userActions={USER_ACTIONS} />;
}
