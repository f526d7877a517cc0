export * from './tracking.view';
export * from './get-tracking/get-tracking.use-case';
export * from './sync-tracking/sync-tracking.command';
export * from './sync-tracking/sync-tracking.use-case';
export * from './sync-tracking/tracking-poll-policy';
export * from './record-test-event/record-test-event.use-case';
