import { PRODUCT_NAME } from '../../mail/messages';
import { plainPage as page } from '../shared/plain-page';

/* The pages of a notification mail's unsubscribe link (decision 226): plain HTML, no script. */

/** The link opened in a browser: one button; nothing changes until it is pressed. */
export const unsubscribePage = () =>
  page(
    'Unsubscribe from notification mails',
    `<p>Stop all notification mails from ${PRODUCT_NAME}? You will still see every notification in the app.</p>
<form method="post"><button type="submit">Unsubscribe</button></form>`,
  );

export const unsubscribedPage = () =>
  page(
    'You are unsubscribed',
    `<p>No more notification mails will be sent to you. You can turn them back on, kind by kind, in your account settings, under Notifications.</p>`,
  );
