export { MailCatcher, type CaughtAttachment, type CaughtMessage, type OutgoingMail } from './catcher.ts';
export { createMailer, type Mailer } from './mailer.ts';
export { CatcherAccess, catcherRoutes, mailCatcherMount, type AccessDecision } from './http.ts';
