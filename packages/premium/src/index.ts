export * from './plans.ts';
export * from './benefits.ts';
export * from './subscription.ts';
