import { notifications } from '@mantine/notifications';

/** The green toast of a change that worked. */
export const notifyDone = (message: string): void => {
  notifications.show({ color: 'teal', message });
};

/** The red toast of a change that failed; `autoClose` in ms where the spec keeps it longer. */
export const notifyFailed = (message: string, autoClose?: number): void => {
  notifications.show({ color: 'red', message, ...(autoClose === undefined ? {} : { autoClose }) });
};

/** A spinning toast that stays until the returned function hides it (while a form is being sent). */
export const notifyProgress = (message: string): (() => void) => {
  const id = notifications.show({ loading: true, message, autoClose: false, withCloseButton: false });
  return () => notifications.hide(id);
};
