import '@mantine/notifications/styles.css';

import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';

/**
 * Toasts: bottom right on a wide screen; at the top on a phone, where a full-width toast at the
 * bottom would cover the form's buttons (and stay while a finger rests on it).
 */
export default function Toasts() {
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return <Notifications position={phone ? 'top-center' : 'bottom-right'} limit={4} />;
}
