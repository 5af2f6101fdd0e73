export { MailCatcher, type CaughtAttachment, type CaughtMessage, type OutgoingMail } from './catcher.js';
export { createMailer, type Mailer } from './mailer.js';
export { CatcherAccess, catcherRoutes, mailCatcherMount, type AccessDecision } from './http.js';
