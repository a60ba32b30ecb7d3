import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import {
  newCoursePage,
  PASSWORD,
  resetLinkFromOutbox,
  startCourse,
  uniqueEmail,
  type CourseProduct,
} from './support/course.js';

describe('password recovery in Chromium', () => {
  let product: CourseProduct | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    product = await startCourse();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('mails a link, resets the password and logs in with the new one', async () => {
    const email = uniqueEmail('forgetful');
    const { page, context, errors } = await newCoursePage(browser!);
    const url = (path: string) => `${product!.url}${path}`;
    await page.goto(url('/register'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign me up!' }).click();
    await page.waitForURL(url('/home'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(url('/'));

    await page.goto(url('/login'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not my password at all');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').getByText('Wrong email or password.').waitFor();

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The login form has an Email field too: fill the recovery form's, once its page is shown.
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByText('instructions to reset your password have been sent to your email')
      .waitFor();

    const link = await resetLinkFromOutbox(product!.outboxDir, email, product!.url);
    await page.goto(link);
    const newPassword = 'a brand new candle 77';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(url('/login'));
    await page.getByText('Your password has been updated').waitFor();

    // The link is single-use: a second reset says so.
    await page.goto(link);
    await page.getByLabel('New password').fill('yet another password 99');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').getByText('invalid or has expired', { exact: false }).waitFor();

    await page.goto(url('/login'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(url('/home'));
    expect(errors).toEqual([]);
    await context.close();
  });
});
