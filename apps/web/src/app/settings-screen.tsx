import { IconCreditCard } from '@tabler/icons-react';
import { PlansTab } from '@/features/billing/plans-tab';
import { MemberArchiveAction } from '@/features/data-archive/member-archive-action';
import { SettingsPage, type SettingsTab, type UserAction } from '@/features/settings/settings-page';

const TABS: readonly SettingsTab[] = [
  {
    value: 'plans',
    label: 'Planes',
    icon: <IconCreditCard size={16} aria-hidden="true" />,
    panel: <PlansTab />,
  },
];

/** Each user's row: the member's data archive, from data-archive. */
const USER_ACTIONS: UserAction = (user) => <MemberArchiveAction user={user} />;

/** /config: the settings tabs, with the paid plans' tab from billing and the users' archive action. */
export function SettingsScreen() {
  return <SettingsPage extraTabs={TABS} userActions={USER_ACTIONS} />;
}
