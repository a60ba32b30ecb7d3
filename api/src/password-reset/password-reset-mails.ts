import escapeHtml from 'escape-html';
import type { OutgoingMail } from '../mail/mail.service.js';

/** Where the spec's app shows the new-password form; it reads `e` (email) and `tk` (token). */
export function resetLink(appOrigin: string, email: string, token: string): string {
  return `${appOrigin}/password-reset?e=${encodeURIComponent(email)}&tk=${token}`;
}

export function resetLinkMail(to: string, link: string, validMinutes: number): OutgoingMail {
  return {
    to,
    subject: 'Reset your password',
    text: [
      'Someone (hopefully you) asked to reset the password of your S&D Trading Course account.',
      '',
      `To choose a new password, open this link within ${validMinutes} minutes:`,
      '',
      link,
      '',
      'The link works once. If you did not ask for it, ignore this mail: your password stays as',
      'it is.',
    ].join('\n'),
    html: [
      '<p>Someone (hopefully you) asked to reset the password of your S&amp;D Trading Course',
      'account.</p>',
      `<p>To choose a new password, open this link within ${validMinutes} minutes:</p>`,
      `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>`,
      '<p>The link works once. If you did not ask for it, ignore this mail: your password stays',
      'as it is.</p>',
    ].join('\n'),
    outboxLogNote: `reset link: ${link}`,
  };
}

export function passwordChangedMail(to: string, recoveryUrl: string): OutgoingMail {
  return {
    to,
    subject: 'Your password was changed',
    text: [
      'The password of your S&D Trading Course account was just changed, and every device',
      'that was logged in has been logged out.',
      '',
      'If this was not you, reset your password now and check the security of your mailbox:',
      '',
      recoveryUrl,
    ].join('\n'),
    html: [
      '<p>The password of your S&amp;D Trading Course account was just changed, and every',
      'device that was logged in has been logged out.</p>',
      '<p>If this was not you, <a href="' +
        escapeHtml(recoveryUrl) +
        '">reset your password now</a> and check the security of your mailbox.</p>',
    ].join('\n'),
  };
}
