import type { MailMessage } from '@server/plugins/mail';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function verificationEmail(to: string, firstName: string, link: string): MailMessage {
  return {
    to,
    subject: 'Verify your Big 7 email',
    text: [
      `Hi ${firstName},`,
      '',
      'Welcome to Big 7! Please confirm your email address by opening this link:',
      '',
      link,
      '',
      'The link works once and expires in 24 hours. If you did not create a Big 7 account, you can ignore this email.',
      '',
      'Big 7',
    ].join('\n'),
    html:
      `<p>Hi ${escapeHtml(firstName)},</p>` +
      '<p>Welcome to Big 7! Please confirm your email address:</p>' +
      `<p><a href="${escapeHtml(link)}">Verify my email</a></p>` +
      '<p>The link works once and expires in 24 hours. If you did not create a Big 7 account, you can ignore this email.</p>',
  };
}

export function passwordResetEmail(to: string, firstName: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Big 7 password',
    text: [
      `Hi ${firstName},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Big 7 account. To choose a new password, open this link:',
      '',
      link,
      '',
      'The link works once and expires in 1 hour. If you did not ask for this, you can ignore this email; your password stays the same.',
      '',
      'Big 7',
    ].join('\n'),
    html:
      `<p>Hi ${escapeHtml(firstName)},</p>` +
      '<p>Someone (hopefully you) asked to reset the password of your Big 7 account.</p>' +
      `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>` +
      '<p>The link works once and expires in 1 hour. If you did not ask for this, you can ignore this email.</p>',
  };
}
