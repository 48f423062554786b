import { Notifications } from '@mantine/notifications';

/** Mantine's toast host, in its own chunk: providers.tsx mounts it with the first toast. */
export default function Toasts() {
  return <Notifications position="bottom-right" autoClose={5000} />;
}
