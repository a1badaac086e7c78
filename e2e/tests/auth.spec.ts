import { expect, test } from '../support/test';
import {
  LOGIN_BUTTON,
  expectDashboard,
  fillLogin,
  logIn,
  logOut,
  openUserMenu,
} from '../support/ui';

const REGISTER_BUTTON = /^(register|sign ?up|create account|get started)/i;
const VERIFY_BUTTON = /^verify/i;

test.describe('signing up and signing in', () => {
  test('a new person signs up, types the code from the mail and lands on the dashboard', async ({
    page,
    mailbox,
    user,
    checkScreen,
  }) => {
    await page.goto('/register');
    await expect(page.getByLabel(/^first name/i)).toBeVisible();
    await checkScreen('register');

    await test.step('the form explains what is missing', async () => {
      await page.getByRole('button', { name: REGISTER_BUTTON }).click();
      await expect(page.getByText('First name is required')).toBeVisible();
      await expect(page.getByText('Last name is required')).toBeVisible();
      await expect(page.getByText('Email is required')).toBeVisible();
      await expect(page.getByText('Password is required')).toBeVisible();
      await expect(page.getByText('Please confirm your password')).toBeVisible();
    });

    await page.getByLabel(/^first name/i).fill(user.firstName);
    await page.getByLabel(/^last name/i).fill(user.lastName);
    await page.getByLabel(/^email/i).fill(user.email);
    await page.getByLabel(/^password$/i).fill(user.password);
    await page.getByLabel(/^confirm password/i).fill(`${user.password}x`);
    await page.getByRole('button', { name: REGISTER_BUTTON }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByLabel(/^confirm password/i).fill(user.password);
    const since = Date.now();
    await page.getByRole('button', { name: REGISTER_BUTTON }).click();
    await expect(page.getByText('User registered successfully')).toBeVisible();
    await expect(page, 'after registering, the code screen follows').toHaveURL(/\/verify-otp$/);
    await expect(page.getByLabel(/otp|code/i)).toBeVisible();
    await checkScreen('verify-otp');

    const code = await mailbox.waitForCode(user.email, { since, subject: /verify your email/i });
    await page.getByLabel(/otp|code/i).fill(code);
    await page.getByRole('button', { name: VERIFY_BUTTON }).click();
    await expect(page.getByText('OTP verified successfully!')).toBeVisible();
    await expectDashboard(page);
    await expect(page.getByText(`${user.firstName} ${user.lastName}`).first()).toBeVisible();
    await checkScreen('dashboard');
  });

  test('a wrong code on the verify screen is refused with OTP verification failed.', async ({
    page,
    mailbox,
    user,
  }) => {
    await page.goto('/register');
    await page.getByLabel(/^first name/i).fill(user.firstName);
    await page.getByLabel(/^last name/i).fill(user.lastName);
    await page.getByLabel(/^email/i).fill(user.email);
    await page.getByLabel(/^password$/i).fill(user.password);
    await page.getByLabel(/^confirm password/i).fill(user.password);
    const since = Date.now();
    await page.getByRole('button', { name: REGISTER_BUTTON }).click();
    await expect(page).toHaveURL(/\/verify-otp$/);
    const code = await mailbox.waitForCode(user.email, { since });
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel(/otp|code/i).fill(wrong);
    await page.getByRole('button', { name: VERIFY_BUTTON }).click();
    await expect(
      page.getByText(/Invalid or expired OTP\.|OTP verification failed\./).first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/verify-otp$/);
  });

  test('a verified person logs out and logs back in; a wrong password is refused', async ({
    page,
    verifiedUser: user,
    checkScreen,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: LOGIN_BUTTON })).toBeVisible();
    await checkScreen('login');

    await test.step('the form explains what is wrong', async () => {
      await page.getByRole('button', { name: LOGIN_BUTTON }).click();
      await expect(page.getByText('Email is required')).toBeVisible();
      await expect(page.getByText('Password is required')).toBeVisible();
      await fillLogin(page, 'not-an-email', '123');
      await expect(page.getByText('Enter a valid email')).toBeVisible();
      await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    });

    await fillLogin(page, user.email, 'wrong-password');
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await fillLogin(page, user.email, user.password);
    await expectDashboard(page);
    await page.reload();
    await expectDashboard(page);

    await logOut(page);
    await page.goto('/dashboard');
    await expect(page, 'after Logout the signed-in area is closed').toHaveURL(/\/login$/);

    await logIn(page, user);
    await openUserMenu(page);
    await expect(page.getByRole('menuitem', { name: 'Account Settings' })).toBeVisible();
  });

  test('with MFA on, logging in needs the code from the mail', async ({
    page,
    mailbox,
    verifiedUser: user,
  }) => {
    await logIn(page, user);
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/\/account-settings$/);

    await page.getByRole('button', { name: /^activate/i }).click();
    await expect(page.getByRole('button', { name: /^deactivate/i })).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('button', { name: /^deactivate/i }),
      'MFA stays on after a reload',
    ).toBeVisible();

    await logOut(page);
    const since = Date.now();
    await fillLogin(page, user.email, user.password);
    await expect(page.getByText('OTP sent to your email.')).toBeVisible();
    await expect(page).toHaveURL(/\/verify-otp$/);

    const code = await mailbox.waitForCode(user.email, { since, subject: /sign-in code/i });
    await page.getByLabel(/otp|code/i).fill(code);
    await page.getByRole('button', { name: VERIFY_BUTTON }).click();
    await expectDashboard(page);
  });

  test('a forgotten password is reset with the mailed code, then the new one logs in', async ({
    page,
    mailbox,
    verifiedUser: user,
    checkScreen,
  }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: /forgot/i }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByLabel(/email/i)).toBeVisible();
    await checkScreen('forgot-password');

    await page.getByLabel(/email/i).fill('not-an-email');
    await page.getByRole('button', { name: /send/i }).click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

    await page.getByLabel(/email/i).fill(user.email);
    const since = Date.now();
    await page.getByRole('button', { name: /send/i }).click();

    await test.step('stage two: code, new password, and a resend that waits 30 seconds', async () => {
      await expect(page.getByLabel(/otp|code/i)).toBeVisible();
      await expect(page.getByRole('button', { name: /resend/i })).toBeDisabled();
      await checkScreen('forgot-password-stage-two');
    });

    const code = await mailbox.waitForCode(user.email, { since, subject: /reset your/i });
    const newPassword = `${user.password}-new`;
    await page.getByLabel(/otp|code/i).fill(code);
    await page.getByLabel(/^new password/i).fill(newPassword);
    await page.getByLabel(/^confirm/i).fill(newPassword);
    await page.getByRole('button', { name: /^reset/i }).click();
    await expect(page.getByText('Password reset successfully.')).toBeVisible();
    await expect(page, 'after a reset the person is sent to /login').toHaveURL(/\/login$/);

    await fillLogin(page, user.email, user.password);
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await fillLogin(page, user.email, newPassword);
    await expectDashboard(page);
  });
});
