import { notifications } from '@mantine/notifications';

const TOAST_MS = 5000;

/** RedGram's toasts: one visible at a time, 5 seconds each (spec, section 9). */
export function toast(message: string, kind: 'success' | 'error' = 'success'): void {
  notifications.clean();
  notifications.show({ message, color: kind === 'success' ? 'teal' : 'red', autoClose: TOAST_MS });
}
