// One file per domain; this index is what drizzle-kit and the db client read.
export * from './auth';
export * from './check-ins';
export * from './streaks';
export * from './subscriptions';
export * from './feedback';
export * from './ai-coach';
export * from './account';
export * from './jobs';
export * from './payments';
export * from './analytics';
export * from './notifications';
