export * from './CandidateHistory';
export * from './EmailSettings';
export * from './fields';
export * from './form-resolver';
export * from './format';
export * from './LoadError';
export * from './Notice';
