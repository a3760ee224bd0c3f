/**
 * Every mail the app sends, by whom it is for (compose.ts has what they share). Commands queue what a mail says;
 * the sender renders it when it goes (ADR 023).
 */
export * from './compose.ts';
export * from './customer-mails.ts';
export * from './business-mails.ts';
export * from './account-mails.ts';
