import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import classes from './toasts.module.css';

/**
 * Mantine's toast host, in its own chunk: providers.tsx mounts it with the first toast. On a phone a toast at the
 * bottom covers the content the member is looking at (the dashboard's cards); at the top it sits just under the
 * fixed nav bar, so it never lies over «Abrir menú» (a tap there would close the toast, not open the menu).
 */
export default function Toasts() {
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return (
    <Notifications
      position={phone ? 'top-center' : 'bottom-right'}
      autoClose={5000}
      classNames={{ root: classes.root }}
    />
  );
}
